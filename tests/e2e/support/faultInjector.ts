import type { BrowserContext, Page, Route } from '@playwright/test'
import { LISTEN_CHANNEL, WRITE_CHANNEL } from './network'

/** mulberry32: the same numbers for the same seed, on any machine. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

export interface FaultCounts {
  requests: number
  /** A 503 answer, not from the server. */
  unavailable: number
  /** The connection drops before the request reaches the server. */
  dropped: number
  /** The server handles the request, and its answer is lost on the way back. */
  answerLost: number
  /** Every request fails while the device's network is out. */
  outage: number
}

/**
 * Faults on the SDK's two channels (writes out, the live query in) of one device: in every ten
 * requests, three (placed at random) fail, in turn with a 503, a dropped connection and (for
 * the requests that carry writes) an answer lost after the server took them. While `outage`
 * is on, every request fails.
 */
export async function injectFaults(context: BrowserContext, random: () => number) {
  const counts: FaultCounts = { requests: 0, unavailable: 0, dropped: 0, answerLost: 0, outage: 0 }
  let outage = false
  let block: boolean[] = []
  let kind = 0
  const handler = async (route: Route) => {
    counts.requests++
    if (outage) {
      counts.outage++
      await route.abort('internetdisconnected')
      return
    }
    if (block.length === 0) {
      // Fisher–Yates: three faults at random places in the next ten requests.
      block = Array.from({ length: 10 }, (_, i) => i < 3)
      for (let i = block.length - 1; i > 0; i--) {
        const j = Math.floor(random() * (i + 1))
        ;[block[i], block[j]] = [block[j] ?? false, block[i] ?? false]
      }
    }
    if (!block.pop()) {
      await route.continue()
      return
    }
    const fault = kind++ % 3
    if (fault === 0) {
      counts.unavailable++
      await route.fulfill({ status: 503, contentType: 'text/plain', body: 'Unavailable' })
    } else if (fault === 1 || route.request().method() !== 'POST') {
      counts.dropped++
      await route.abort('connectionreset')
    } else {
      counts.answerLost++
      // Sent by the test runner on the page's behalf: the server applies it, the page never
      // hears back. (The long-lived reads are not fetched: their answer never ends.)
      await route.fetch().catch(() => undefined)
      await route.abort('connectionreset')
    }
  }
  await context.route(WRITE_CHANNEL, handler)
  await context.route(LISTEN_CHANNEL, handler)
  return {
    counts,
    setOutage(on: boolean) {
      outage = on
    },
    /** No more faults: the channels' requests go through untouched. */
    async stop() {
      await context.unroute(WRITE_CHANNEL, handler)
      await context.unroute(LISTEN_CHANNEL, handler)
    },
  }
}

const SLOW_DISK_KEY = 'e2e.slowDisk'

/**
 * The SDK's disk made slow, as on a busy machine: once `setSlowDisk` says so, each IndexedDB
 * transaction tells the SDK it has committed that much later than it did. The SDK runs its
 * operations one after another, each waiting for its transaction, so a click's write waits behind
 * the others (answers, snapshots, acknowledgements) before it is on disk and sent, and an
 * acknowledgement waits as long before the SDK takes it in. Kept across reloads (local storage).
 */
export async function slowDiskOf(context: BrowserContext): Promise<void> {
  await context.addInitScript((key: string) => {
    const handler = Object.getOwnPropertyDescriptor(IDBTransaction.prototype, 'oncomplete')
    if (!handler?.set || !handler.get) return
    const delay = () => {
      try {
        return Number(localStorage.getItem(key) ?? 0)
      } catch {
        return 0
      }
    }
    Object.defineProperty(IDBTransaction.prototype, 'oncomplete', {
      configurable: true,
      get() {
        return handler.get?.call(this) as unknown
      },
      set(listener: ((event: Event) => void) | null) {
        const ms = delay()
        handler.set?.call(
          this,
          listener && ms > 0
            ? function (this: IDBTransaction, event: Event) {
                setTimeout(() => {
                  listener.call(this, event)
                }, ms)
              }
            : listener,
        )
      },
    })
  }, SLOW_DISK_KEY)
}

/** Each IndexedDB commit of `page`'s origin told `ms` late from now on (0: on time); slowDiskOf. */
export async function setSlowDisk(page: Page, ms: number): Promise<void> {
  await page.evaluate(
    ([key, delay]) => {
      localStorage.setItem(key, String(delay))
    },
    [SLOW_DISK_KEY, ms] as const,
  )
}
