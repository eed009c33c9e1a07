/** Cross-tab mutual exclusion for sending, where the browser has Web Locks. */
export function webLocksSendLock(name: string) {
  const locks = typeof navigator === 'undefined' ? undefined : navigator.locks
  if (locks === undefined) return undefined
  return <T>(task: () => Promise<T>): Promise<T> => locks.request(name, task)
}
