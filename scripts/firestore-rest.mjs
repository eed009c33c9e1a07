// The Firestore emulator's database (scripts/emulators.ts), through Firestore's REST API with
// `Bearer owner`, the emulators' admin token (the Firestore emulator accepts it,
// and it bypasses the rules): for the scripts and tests that seed tasks (Lighthouse, the bench,
// the browser tests). Tasks are stored through the app's one definition of a task's document
// (src/services/taskDocument.ts, loaded with Node's type stripping).
import { toStored } from '../src/services/taskDocument.ts'
import { DEMO_PROJECT_ID as PROJECT } from '../src/config/env.ts'
import { encoded } from './firestore-values.mjs'

const DOCUMENTS = `projects/${PROJECT}/databases/(default)/documents`
const OWNER = { authorization: 'Bearer owner', 'content-type': 'application/json' }

/**
 * Stores `documents` ({id, data}) exactly as given, whatever their shape (as the original app,
 * or any other client, wrote them), 500 to a commit (Firestore's limit).
 */
export async function seedDocuments(origin, documents) {
  for (let start = 0; start < documents.length; start += 500) {
    const writes = documents.slice(start, start + 500).map(({ id, data }) => ({
      update: {
        name: `${DOCUMENTS}/tasks/${id}`,
        fields: Object.fromEntries(
          Object.entries(data).map(([key, value]) => [key, encoded(value)]),
        ),
      },
    }))
    const response = await fetch(`${origin}/v1/${DOCUMENTS}:commit`, {
      method: 'POST',
      headers: OWNER,
      body: JSON.stringify({ writes }),
    })
    if (!response.ok) {
      throw new Error(`Seeding failed: ${String(response.status)} ${await response.text()}`)
    }
  }
}

/** Stores `tasks` as the app stores them (its one definition of a task's document). */
export const seedTasks = (origin, tasks) =>
  seedDocuments(
    origin,
    tasks.map((task) => ({ id: task.id, data: toStored(task) })),
  )

/** Deletes every document (the emulator's own endpoint). */
export async function clearDatabase(origin) {
  const response = await fetch(`${origin}/emulator/v1/${DOCUMENTS}`, { method: 'DELETE' })
  if (!response.ok) throw new Error(`Clearing the database failed: ${String(response.status)}`)
}
