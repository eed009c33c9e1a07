import { readFileSync } from 'node:fs'
import { inject } from 'vitest'

// The emulator's own REST endpoints, as its admin (`Bearer owner`, which bypasses the rules):
// what the server holds, whatever the clients under test think.

const { host, firestorePort } = inject('emulators')
const ORIGIN = `http://${host}:${String(firestorePort)}`
const PROJECT = `projects/demo-todo`
const DOCUMENTS = `${PROJECT}/databases/(default)/documents`

/**
 * `fetch`, asked once more when the emulator had closed the kept-alive connection it was sent
 * on (undici's "other side closed"): every request here can be repeated.
 */
async function ask(url: string, init?: RequestInit): Promise<Response> {
  try {
    return await fetch(url, init)
  } catch (err) {
    const { cause } = err as { cause?: { code?: string } }
    if (cause?.code !== 'UND_ERR_SOCKET') throw err
    return fetch(url, init)
  }
}

type Value =
  | { stringValue: string }
  | { booleanValue: boolean }
  | { integerValue: string }
  | { doubleValue: number }

const plain = (value: Value) =>
  'integerValue' in value
    ? Number(value.integerValue)
    : 'stringValue' in value
      ? value.stringValue
      : 'booleanValue' in value
        ? value.booleanValue
        : value.doubleValue

/** The fields of `tasks/{id}` as stored, or null when there is no such document. */
export async function storedTask(id: string): Promise<Record<string, unknown> | null> {
  const response = await ask(`${ORIGIN}/v1/${DOCUMENTS}/tasks/${id}`, {
    headers: { authorization: 'Bearer owner' },
  })
  if (response.status === 404) return null
  if (!response.ok) throw new Error(`GET tasks/${id}: ${String(response.status)}`)
  const { fields = {} } = (await response.json()) as { fields?: Record<string, Value> }
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, plain(value)]))
}

const encoded = (value: unknown): Value =>
  typeof value === 'boolean'
    ? { booleanValue: value }
    : typeof value === 'number'
      ? Number.isInteger(value)
        ? { integerValue: String(value) }
        : { doubleValue: value }
      : { stringValue: String(value) }

/** Stores documents as they are, past the rules (another client, an older app). */
export async function storeTasks(tasks: readonly { id: string }[]) {
  const writes = tasks.map(({ id, ...fields }) => ({
    update: {
      name: `${DOCUMENTS}/tasks/${id}`,
      fields: Object.fromEntries(
        Object.entries(fields).map(([key, value]) => [key, encoded(value)]),
      ),
    },
  }))
  const response = await ask(`${ORIGIN}/v1/${DOCUMENTS}:commit`, {
    method: 'POST',
    headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
    body: JSON.stringify({ writes }),
  })
  if (!response.ok) throw new Error(`commit: ${String(response.status)} ${await response.text()}`)
}

/** Replaces the emulator's rules until {@link restoreRules}. */
export async function putRules(content: string): Promise<void> {
  const response = await ask(`${ORIGIN}/emulator/v1/${PROJECT}:securityRules`, {
    method: 'PUT',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ rules: { files: [{ content }] } }),
  })
  if (!response.ok)
    throw new Error(`PUT rules: ${String(response.status)} ${await response.text()}`)
}

/** Puts firestore.rules back. */
export const restoreRules = () => putRules(readFileSync('firestore.rules', 'utf8'))
