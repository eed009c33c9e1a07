import { createHash } from 'node:crypto'
import { readFileSync } from 'node:fs'
import { expect, type APIRequestContext } from '@playwright/test'
import {
  clearDatabase,
  putRules,
  seedDocuments as seedRaw,
  seedTasks as seedStored,
  storedDocuments,
  tasksQuery,
} from '../../../scripts/firestore-rest.mjs'
import { compareTasks, FINISHED_ORDER_BASE } from '../../../src/features/tasks/model/ordering'
import { fromStored, newTask } from '../../../src/services/taskDocument'
import type { Task } from '../../../src/services/types'
import { documentsPath, firestoreHere, firestoreProject } from './emulator'
import { FIRESTORE } from './network'

/**
 * The database the browser tests run on, Google's Firestore emulator (scripts/emulators.ts), in
 * the test's own project (support/emulator.ts): read and seeded through Firestore's REST API with
 * `Bearer owner`, the emulators' admin token, which bypasses the rules.
 */
export { FIRESTORE, documentsPath }
const OWNER = { authorization: 'Bearer owner', 'content-type': 'application/json' }

/** A task as the app reads it from its document (src/services/taskDocument.ts). */
export type StoredTask = Task

export { tasksQuery }

/** The documents of one owner's tasks, as stored: every field, whatever wrote it. */
export const storedDocumentsOf = (
  _request: APIRequestContext,
  email: string,
  project = firestoreProject(),
): Promise<{ id: string; data: Record<string, unknown> }[]> =>
  storedDocuments(firestoreHere(project), email)

/** The stored tasks of one owner (in the test's project), as the app reads them, in order. */
export async function storedTasksOf(
  request: APIRequestContext,
  email: string,
  project = firestoreProject(),
): Promise<StoredTask[]> {
  const documents = await storedDocumentsOf(request, email, project)
  return documents.map(({ id, data }) => fromStored(id, data)).sort(compareTasks)
}

/** How many tasks `email` has on the server (an aggregation: cheap to ask often). */
export async function storedCountOf(request: APIRequestContext, email: string): Promise<number> {
  const response = await request.post(`${FIRESTORE}/v1/${documentsPath()}:runAggregationQuery`, {
    headers: OWNER,
    data: {
      structuredAggregationQuery: {
        structuredQuery: tasksQuery(email),
        aggregations: [{ alias: 'tasks', count: {} }],
      },
    },
  })
  if (!response.ok()) throw new Error(`runAggregationQuery: ${String(response.status())}`)
  const [first] = (await response.json()) as {
    result?: { aggregateFields?: { tasks?: { integerValue?: string } } }
  }[]
  return Number(first?.result?.aggregateFields?.tasks?.integerValue ?? 0)
}

/** Delete account's record of an address (firestore.rules' `deletions`), as the server holds it. */
export interface DeletionRecord {
  /** A deletion under way, that has not lapsed (10 minutes from its last step). */
  closing: boolean
  /** An account with the address was deleted: older sessions are refused. */
  closed: boolean
}

export async function deletionRecordOf(
  request: APIRequestContext,
  email: string,
): Promise<DeletionRecord> {
  const key = createHash('sha256').update(email).digest('hex')
  const response = await request.get(`${FIRESTORE}/v1/${documentsPath()}/deletions/${key}`, {
    headers: OWNER,
  })
  if (response.status() === 404) return { closing: false, closed: false }
  if (!response.ok()) throw new Error(`deletions: ${String(response.status())}`)
  const { fields = {} } = (await response.json()) as {
    fields?: Record<string, { timestampValue?: string }>
  }
  const closingAt = Date.parse(fields.closingAt?.timestampValue ?? '')
  return {
    closing: Date.now() - closingAt < 10 * 60_000,
    closed: fields.closedAt !== undefined,
  }
}

/**
 * Deletes every document of `project` (the test's own unless given): the emulator keeps every
 * project in memory for the whole run.
 */
export const clearTasks = (project = firestoreProject()): Promise<void> =>
  // Refused (409) while a write is under way: asked again until it is done.
  expect(() => clearDatabase({ origin: FIRESTORE, project })).toPass({ timeout: 30_000 })

/** Stores tasks as the app stores them (the rules do not apply to the admin token). */
export const seedTasks = (tasks: StoredTask[]): Promise<void> => seedStored(firestoreHere(), tasks)

/** Stores documents exactly as given: as the original app, or any other client, wrote them. */
export const seedDocuments = (documents: { id: string; data: object }[]): Promise<void> =>
  seedRaw(firestoreHere(), documents)

/**
 * Stores `count` tasks of `email`, ids in list order: task i (from 0) has the text `text(i + 1)`
 * and is finished from `finishedFrom` on (finished tasks ordered after the open ones).
 */
export async function seedList(
  email: string,
  {
    count,
    text,
    finishedFrom = count,
  }: { count: number; text: (n: number) => string; finishedFrom?: number },
): Promise<void> {
  const prefix = email.replace(/[^A-Za-z0-9]/g, '')
  await seedTasks(
    Array.from({ length: count }, (_, i) =>
      newTask({
        id: `${prefix}x${String(i)}`,
        task: text(i + 1),
        isFinished: i >= finishedFrom,
        email,
        order: i >= finishedFrom ? FINISHED_ORDER_BASE + i : i,
      }),
    ),
  )
}

const RULES = readFileSync(new URL('../../../firestore.rules', import.meta.url), 'utf8')

/**
 * Runs `body` while the server refuses every write (the project's rules, each write rule
 * failing), and puts the project's rules back afterwards, whatever happens.
 */
export async function whileWritesRefused(
  _request: APIRequestContext,
  body: () => Promise<void>,
): Promise<void> {
  const refusing = RULES.replace(/allow (create|update|delete): if /g, 'allow $1: if false && ')
  // Three task writes, the deletion record's create and update, and a list's three writes.
  if (refusing.split('if false &&').length !== 9) throw new Error('firestore.rules changed shape')
  await putRules(firestoreHere(), refusing)
  try {
    await body()
  } finally {
    await putRules(firestoreHere(), RULES)
  }
}

/** A person’s lists as the server holds them (`people/{sha256}/lists`), by slot: name and rank. */
export async function storedListsOf(
  request: APIRequestContext,
  email: string,
): Promise<{ id: string; name: string; rank: string }[]> {
  const key = createHash('sha256').update(email).digest('hex')
  const response = await request.get(
    `${FIRESTORE}/v1/${documentsPath()}/people/${key}/lists?pageSize=300`,
    { headers: OWNER },
  )
  if (!response.ok()) throw new Error(`lists: ${String(response.status())}`)
  const { documents = [] } = (await response.json()) as {
    documents?: { name: string; fields: Record<string, { stringValue?: string }> }[]
  }
  return documents
    .map(({ name, fields }) => ({
      id: name.split('/').at(-1) ?? '',
      name: fields.name?.stringValue ?? '',
      rank: fields.rank?.stringValue ?? '',
    }))
    .sort((a, b) => Number(a.id) - Number(b.id))
}
