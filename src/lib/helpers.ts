/** FNV-1a: a cheap, well-spread hash of an id. */
export function idHash(id: string): number {
  let hash = 0x811c9dc5
  for (let i = 0; i < id.length; i++) hash = Math.imul(hash ^ id.charCodeAt(i), 0x01000193)
  return hash >>> 0
}

const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/** A Firestore-style 20-character id, made without loading the database client. */
export function newDocumentId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(40))
  let id = ''
  // Rejection sampling keeps every character equally likely (248 = 4 × 62).
  for (const byte of bytes) {
    if (byte < 248) id += ID_ALPHABET[byte % 62] ?? ''
    if (id.length === 20) return id
  }
  return id + newDocumentId().slice(id.length)
}

/** Firestore's own backoff: from 1 s, doubling, up to 60 s (spec section 9), with jitter. */
export const BACKOFF_INITIAL_MS = 1000
export const BACKOFF_MAX_MS = 60_000

/** The delay before retry number `attempt` (1-based). */
export function backoffDelay(attempt: number, random: () => number = Math.random): number {
  const ceiling = Math.min(BACKOFF_MAX_MS, BACKOFF_INITIAL_MS * 2 ** Math.max(0, attempt - 1))
  // Half fixed, half random: never hammers, and tabs or clients that failed together spread out.
  return Math.round(ceiling / 2 + (random() * ceiling) / 2)
}

/** Runs `callback` once the next frame has been painted; returns a function that cancels it. */
export function afterNextPaint(callback: () => void): () => void {
  let timer = 0
  const frame = requestAnimationFrame(() => {
    timer = window.setTimeout(callback)
  })
  return () => {
    cancelAnimationFrame(frame)
    clearTimeout(timer)
  }
}

/** Loaded on first use; a failed load is not kept, so one dropped download does not last. */
export function retryingLoad<T>(load: () => Promise<T>): () => Promise<T> {
  let loading: Promise<T> | null = null
  return () => {
    loading ??= load().catch((err: unknown) => {
      loading = null
      throw err
    })
    return loading
  }
}

/** The script a failed dynamic import names ("Failed to fetch dynamically imported module: …"). */
const failedScript = (err: unknown): string | null =>
  /(https?:\/\/\S+?\.js)\b/.exec(err instanceof Error ? err.message : String(err))?.[1] ?? null

/** After a failed download, a new address: Chromium keeps a failed import for the page's life. */
export function importAgainAfterFailure<M>(importer: () => Promise<M>): () => Promise<M> {
  let failed: string | null = null
  let attempts = 0
  return async () => {
    if (failed === null) {
      try {
        return await importer()
      } catch (err) {
        failed = failedScript(err)
        throw err
      }
    }
    attempts++
    return (await import(/* @vite-ignore */ `${failed}?attempt=${String(attempts)}`)) as M
  }
}

/** The item `key` moves focus to from `current`, as the ARIA menu pattern says; -1: none. */
export function nextItem(items: readonly HTMLElement[], current: number, key: string): number {
  const count = items.length
  switch (key) {
    case 'ArrowDown':
      return (current + 1) % count
    case 'ArrowUp':
      return (current - 1 + count) % count
    case 'Home':
      return 0
    case 'End':
      return count - 1
    default: {
      // A letter goes to the next item whose name starts with it (E: Edit, D: Delete).
      if (key.length !== 1) return -1
      const starts = (index: number) =>
        items[index]?.textContent.trim().toLowerCase().startsWith(key.toLowerCase()) ?? false
      for (let step = 1; step <= count; step++) {
        if (starts((current + step) % count)) return (current + step) % count
      }
      return -1
    }
  }
}
