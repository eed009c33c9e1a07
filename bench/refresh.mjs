// What a refresh of the list costs (the list loaded again when the person comes back to the
// page, or the browser comes back online): the bytes of the query's answer, the time until the
// list is up to date, and the main thread's share of it. See bench/README.md.

import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** The app refreshes at most every 10 s (src/features/tasks/loading.ts). */
const MIN_REFRESH_INTERVAL_MS = 10_000

/** Milliseconds of the CPU profile spent on something other than waiting. */
function busyMs(profile) {
  const idle = new Set(
    profile.nodes.filter((node) => node.callFrame.functionName === '(idle)').map((n) => n.id),
  )
  let busy = 0
  profile.samples.forEach((id, i) => {
    if (!idle.has(id)) busy += profile.timeDeltas[i] ?? 0
  })
  return busy / 1000
}

/**
 * `reps` refreshes of the list shown in `page` (which the server holds unchanged, or with one
 * task changed elsewhere when `change` is given), each triggered as the browser does when it
 * comes back online.
 */
export async function measureRefreshes(page, { reps, change, profileTo }) {
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
  const results = []
  for (let rep = 0; rep < reps; rep++) {
    await sleep(MIN_REFRESH_INTERVAL_MS + 500)
    if (change) await change(rep)
    const marks = await page.evaluate(
      () => performance.getEntriesByName('todo:list-refreshed').length,
    )
    const answered = page.waitForResponse((response) => response.url().includes(':runQuery'))
    await cdp.send('Profiler.start')
    const started = await page.evaluate(() => {
      window.dispatchEvent(new Event('online'))
      return performance.now()
    })
    const response = await answered
    const bytes = (await response.body()).length
    const ended = await page.evaluate(
      (count) =>
        new Promise((resolve) => {
          const done = () => {
            if (performance.getEntriesByName('todo:list-refreshed').length <= count) {
              setTimeout(done, 5)
              return
            }
            // The end of the next frame: whatever the refresh drew has been painted.
            requestAnimationFrame(() => {
              const channel = new MessageChannel()
              channel.port1.onmessage = () => resolve(performance.now())
              channel.port2.postMessage(null)
            })
          }
          done()
        }),
      marks,
    )
    const { profile } = await cdp.send('Profiler.stop')
    if (profileTo) {
      mkdirSync(profileTo, { recursive: true })
      writeFileSync(join(profileTo, `${String(rep)}.cpuprofile`), JSON.stringify(profile))
    }
    results.push({ bytes, totalMs: ended - started, mainThreadMs: busyMs(profile) })
  }
  await cdp.detach()
  return results
}

/**
 * From each timed click to the moment its change was recorded on the device (IndexedDB): the
 * window in which closing the tab could still lose it.
 */
export async function recordingDelays(page, clicks) {
  const marks = await page.evaluate(() =>
    performance.getEntriesByName('todo:change-recorded').map((entry) => entry.startTime),
  )
  return clicks.map(({ start }) => {
    const recorded = marks.find((time) => time >= start)
    return recorded === undefined ? null : recorded - start
  })
}
