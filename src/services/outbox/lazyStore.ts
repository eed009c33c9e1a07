import type { LocalStore } from './storage'

/** A LocalStore usable at once, whose operations wait for the real one to open. */
export function lazyStore(opening: Promise<LocalStore>): LocalStore {
  let durable = true
  void opening.then((store) => {
    durable = store.durable
  })
  return {
    get durable() {
      return durable
    },
    changeEntry: async (id, change) => (await opening).changeEntry(id, change),
    entriesOf: async (email) => (await opening).entriesOf(email),
    getList: async (email) => (await opening).getList(email),
    putList: async (email, tasks) => (await opening).putList(email, tasks),
    removeList: async (email) => (await opening).removeList(email),
  }
}
