// The Firestore emulator's database (scripts/emulators.ts), through Firestore's REST API with
// `Bearer owner`, the emulators' admin token (the Firestore emulator accepts it,
// and it bypasses the rules): for the scripts and tests that seed or read tasks (Lighthouse,
// the bench, the emulator and browser tests). Tasks are stored through the app's one definition
// of a task's document (src/services/taskDocument.ts, loaded with Node's type stripping).
import { toStored } from '../src/services/taskDocument.ts'
import { DEMO_PROJECT_ID as PROJECT } from '../src/config/env.ts'

/**
 * Where: an emulator's origin (the demo project), or its origin and a project of its own (the
 * browser tests give each worker one, scripts/emulators.ts).
 */
const placeOf = (where) => {
  const { origin, project } =
    typeof where === 'string' ? { origin: where, project: PROJECT } : where
  return { origin, project, path: `projects/${project}/databases/(default)/documents` }
}
const OWNER = { authorization: 'Bearer owner', 'content-type': 'application/json' }

/** A value as Firestore's REST API writes it. */
function encoded(value) {
  if (value === null) return { nullValue: null }
  if (typeof value === 'boolean') return { booleanValue: value }
  if (typeof value === 'number') {
    return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value }
  }
  if (Array.isArray(value)) return { arrayValue: { values: value.map(encoded) } }
  if (typeof value === 'object') {
    return {
      mapValue: {
        fields: Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encoded(v)])),
      },
    }
  }
  return { stringValue: String(value) }
}

/** A value as Firestore's REST API reads it. */
function decoded(value) {
  if ('nullValue' in value) return null
  if ('booleanValue' in value) return value.booleanValue
  if ('integerValue' in value) return Number(value.integerValue)
  if ('doubleValue' in value) return value.doubleValue
  if ('arrayValue' in value) return (value.arrayValue.values ?? []).map(decoded)
  if ('mapValue' in value) return decodedFields(value.mapValue.fields ?? {})
  if ('stringValue' in value) return value.stringValue
  if ('timestampValue' in value) return value.timestampValue
  return value
}

const decodedFields = (fields) =>
  Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, decoded(value)]))

/**
 * `fetch`, asked once more when the emulator had closed the kept-alive connection it was sent
 * on (undici's "other side closed"): every request here can be repeated.
 */
async function ask(url, init) {
  try {
    return await fetch(url, init)
  } catch (err) {
    if (err?.cause?.code !== 'UND_ERR_SOCKET') throw err
    return fetch(url, init)
  }
}

/**
 * Stores `documents` ({id, data}) exactly as given, whatever their shape (as the original app,
 * or any other client, wrote them), 500 to a commit (Firestore's limit).
 */
export async function seedDocuments(where, documents) {
  const { origin, path } = placeOf(where)
  for (let start = 0; start < documents.length; start += 500) {
    const writes = documents.slice(start, start + 500).map(({ id, data }) => ({
      update: {
        name: `${path}/tasks/${id}`,
        fields: Object.fromEntries(
          Object.entries(data).map(([key, value]) => [key, encoded(value)]),
        ),
      },
    }))
    const response = await ask(`${origin}/v1/${path}:commit`, {
      method: 'POST',
      headers: OWNER,
      body: JSON.stringify({ writes }),
    })
    if (!response.ok) {
      throw new Error(`Seeding failed: ${String(response.status)} ${await response.text()}`)
    }
  }
}

/** Deletes the tasks of `ids` in one commit, as a client would (live queries hear it). */
export async function deleteTasks(where, ids) {
  const { origin, path } = placeOf(where)
  const writes = ids.map((id) => ({ delete: `${path}/tasks/${id}` }))
  const response = await ask(`${origin}/v1/${path}:commit`, {
    method: 'POST',
    headers: OWNER,
    body: JSON.stringify({ writes }),
  })
  if (!response.ok) throw new Error(`commit: ${String(response.status)}`)
}

/** Stores `tasks` as the app stores them (its one definition of a task's document). */
export const seedTasks = (where, tasks) =>
  seedDocuments(
    where,
    tasks.map((task) => ({ id: task.id, data: toStored(task) })),
  )

/** The fields of `tasks/{id}` as stored, or null when there is no such document. */
export async function storedDocument(where, id) {
  const { origin, path } = placeOf(where)
  const response = await ask(`${origin}/v1/${path}/tasks/${id}`, { headers: OWNER })
  if (response.status === 404) return null
  if (!response.ok) throw new Error(`GET tasks/${id}: ${String(response.status)}`)
  return decodedFields((await response.json()).fields ?? {})
}

/** The app's one query: the tasks whose owner is `email`. */
export const tasksQuery = (email) => ({
  from: [{ collectionId: 'tasks' }],
  where: {
    fieldFilter: { field: { fieldPath: 'email' }, op: 'EQUAL', value: { stringValue: email } },
  },
})

/** The documents of `email`'s tasks as stored (every field, whatever wrote it), each one's last write. */
export async function storedDocuments(where, email) {
  const { origin, path } = placeOf(where)
  const response = await ask(`${origin}/v1/${path}:runQuery`, {
    method: 'POST',
    headers: OWNER,
    body: JSON.stringify({ structuredQuery: tasksQuery(email) }),
  })
  if (!response.ok) throw new Error(`runQuery: ${String(response.status)}`)
  return (await response.json()).flatMap(({ document }) =>
    document
      ? [
          {
            id: document.name.split('/').at(-1) ?? '',
            data: decodedFields(document.fields ?? {}),
            updateTime: document.updateTime,
          },
        ]
      : [],
  )
}

/** Puts `content` in force as the rules at once (the emulator takes them at run time). */
export async function putRules(where, content) {
  const { origin, project } = placeOf(where)
  const response = await ask(`${origin}/emulator/v1/projects/${project}:securityRules`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rules: { files: [{ content }] } }),
  })
  if (!response.ok) {
    throw new Error(`PUT rules: ${String(response.status)} ${await response.text()}`)
  }
}

/** Deletes every document (the emulator's own endpoint). */
export async function clearDatabase(where) {
  const { origin, path } = placeOf(where)
  const response = await ask(`${origin}/emulator/v1/${path}`, { method: 'DELETE' })
  if (!response.ok) throw new Error(`Clearing the database failed: ${String(response.status)}`)
}
