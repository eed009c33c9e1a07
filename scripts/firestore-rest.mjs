// The database of whichever engine runs (scripts/engine.mjs), through Firestore's REST API with
// `Bearer owner`, the emulators' admin token (the Firestore emulator accepts it,
// and it bypasses the rules): for the scripts that seed tasks (Lighthouse, the bench).
import { PROJECT } from './engine.mjs'

const DOCUMENTS = `projects/${PROJECT}/databases/(default)/documents`
const OWNER = { authorization: 'Bearer owner', 'content-type': 'application/json' }

function encoded(value) {
  if (typeof value === 'boolean') return { booleanValue: value }
  if (typeof value === 'number') {
    return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value }
  }
  return { stringValue: String(value) }
}

/** Stores `tasks` ({id, ...fields}) as they are, 500 to a commit (Firestore's limit). */
export async function seedTasks(origin, tasks) {
  for (let start = 0; start < tasks.length; start += 500) {
    const writes = tasks.slice(start, start + 500).map(({ id, ...data }) => ({
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

/** Deletes every document (the emulator's own endpoint). */
export async function clearDatabase(origin) {
  const response = await fetch(`${origin}/emulator/v1/${DOCUMENTS}`, { method: 'DELETE' })
  if (!response.ok) throw new Error(`Clearing the database failed: ${String(response.status)}`)
}
