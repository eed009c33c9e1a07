import { readFileSync } from 'node:fs'
import { inject } from 'vitest'
import { decodedFields, encoded } from '../../scripts/firestore-values.mjs'
import { newTask, toStored } from '../../src/services/taskDocument'
import type { Task } from '../../src/services/types'

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

/** The fields of `tasks/{id}` as stored, or null when there is no such document. */
export async function storedTask(id: string): Promise<Record<string, unknown> | null> {
  const response = await ask(`${ORIGIN}/v1/${DOCUMENTS}/tasks/${id}`, {
    headers: { authorization: 'Bearer owner' },
  })
  if (response.status === 404) return null
  if (!response.ok) throw new Error(`GET tasks/${id}: ${String(response.status)}`)
  const { fields = {} } = (await response.json()) as { fields?: Record<string, unknown> }
  return decodedFields(fields)
}

/** Stores documents exactly as given, past the rules (the original app, another client). */
export async function storeDocuments(documents: readonly { id: string; data: object }[]) {
  const writes = documents.map(({ id, data }) => ({
    update: {
      name: `${DOCUMENTS}/tasks/${id}`,
      fields: Object.fromEntries(Object.entries(data).map(([key, value]) => [key, encoded(value)])),
    },
  }))
  const response = await ask(`${ORIGIN}/v1/${DOCUMENTS}:commit`, {
    method: 'POST',
    headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
    body: JSON.stringify({ writes }),
  })
  if (!response.ok) throw new Error(`commit: ${String(response.status)} ${await response.text()}`)
}

/** A task of `email` with an id of its own: open, at order 0, unless `fields` say otherwise. */
export const taskOf = (email: string, text: string, fields: Partial<Task> = {}): Task =>
  newTask({
    id: `${text.replace(/\W/g, '')}-${crypto.randomUUID().slice(0, 8)}`,
    task: text,
    email,
    order: 0,
    ...fields,
  })

/** Stores tasks as the app stores them (its one definition of a task's document). */
export const storeTasks = (tasks: readonly Task[]) =>
  storeDocuments(tasks.map((task) => ({ id: task.id, data: toStored(task) })))

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
