/**
 * A value loaded on first use (a code chunk, a client made from it). A failed load is not
 * kept: the next use tries again, so one dropped download on a flaky network does not stop
 * the feature until a reload. Callers retry on their own schedule (a backoff).
 */
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

/**
 * `importer()` (a dynamic `import()` of a chunk) once; after a failed download, the chunk from
 * an address the browser has not seen yet, since Chromium keeps a failed import for the page's
 * lifetime and would fail every later one without asking the network. Browsers that do not
 * name the script get `importer()` again.
 */
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
