import { inject } from 'vitest'
import { storedDocuments } from '../../scripts/firestore-rest.mjs'
import { compareTasks } from '../../src/features/tasks/model/ordering'
import { fromStored } from '../../src/services/taskDocument'

// A user's tasks as the server holds them, read as the emulator's admin (`Bearer owner`, past
// the rules), with the time each document was last written: a write nobody expected shows.

const { host, firestorePort } = inject('emulators')
const ORIGIN = `http://${host}:${String(firestorePort)}`

/** The tasks of `email` on the server in list order, and each one's last write, by id. */
export async function userTasks(email: string) {
  const documents = await storedDocuments(ORIGIN, email)
  return {
    tasks: documents.map(({ id, data }) => fromStored(id, data)).sort(compareTasks),
    written: Object.fromEntries(documents.map(({ id, updateTime }) => [id, updateTime])),
  }
}
