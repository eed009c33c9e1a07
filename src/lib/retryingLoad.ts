/**
 * A value loaded on first use (a code chunk, a client made from it). A failed load is not
 * kept: the next use tries again, so one dropped download on a flaky network does not stop
 * the feature until a reload. Callers retry on their own schedule (the outbox's backoff).
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
