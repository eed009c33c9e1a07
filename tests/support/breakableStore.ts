import type { LocalStore } from '../../src/services/outbox/storage'

/**
 * Device storage that fails every operation while `state.failing` is set (quota, eviction).
 * Pass `state` to share it (a device's storage across reloads).
 */
export function breakable(store: LocalStore, state = { failing: false }) {
  const guard =
    <A extends unknown[], R>(operation: (...args: A) => Promise<R>) =>
    (...args: A): Promise<R> =>
      state.failing
        ? Promise.reject(new DOMException('Quota exceeded', 'QuotaExceededError'))
        : operation(...args)
  const wrapped: LocalStore = {
    durable: true,
    changeEntry: guard((id, change) => store.changeEntry(id, change)),
    entriesOf: guard((email) => store.entriesOf(email)),
    getList: guard((email) => store.getList(email)),
    putList: guard((email, tasks) => store.putList(email, tasks)),
    removeList: guard((email) => store.removeList(email)),
  }
  return { store: wrapped, state }
}
