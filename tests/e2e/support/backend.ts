import type { APIRequestContext, BrowserContext, Page } from '@playwright/test'
import { seedTasks as seedStored } from '../../../scripts/firestore-rest.mjs'

/**
 * The database the browser tests run on, whichever engine serves it (scripts/engine.mjs): read
 * and seeded through Firestore's REST API with `Bearer owner`, the emulators' admin token,
 * which both the official emulator and backend/ accept and which bypasses the rules.
 */
export const FIRESTORE = 'http://127.0.0.1:8080'
const DOCUMENTS = 'projects/demo-todo/databases/(default)/documents'
const OWNER = { authorization: 'Bearer owner', 'content-type': 'application/json' }

export interface StoredTask {
  id: string
  task: string
  isFinished: boolean
  email: string
  order: number
}

type Value =
  | { stringValue: string }
  | { booleanValue: boolean }
  | { integerValue: string }
  | { doubleValue: number }

function plain(value: Value): unknown {
  if ('integerValue' in value) return Number(value.integerValue)
  if ('doubleValue' in value) return value.doubleValue
  if ('booleanValue' in value) return value.booleanValue
  return value.stringValue
}

/** The app's one query: the tasks whose owner is `email`. */
export const tasksQuery = (email: string) => ({
  from: [{ collectionId: 'tasks' }],
  where: {
    fieldFilter: { field: { fieldPath: 'email' }, op: 'EQUAL', value: { stringValue: email } },
  },
})

/** The stored tasks of one owner, in the app's list order (order, then id). */
export async function storedTasksOf(
  request: APIRequestContext,
  email: string,
): Promise<StoredTask[]> {
  const response = await request.post(`${FIRESTORE}/v1/${DOCUMENTS}:runQuery`, {
    headers: OWNER,
    data: {
      structuredQuery: tasksQuery(email),
    },
  })
  if (!response.ok()) throw new Error(`runQuery: ${String(response.status())}`)
  const results = (await response.json()) as {
    document?: { name: string; fields: Record<string, Value> }
  }[]
  return results
    .flatMap(({ document }) => (document ? [document] : []))
    .map(
      ({ name, fields }) =>
        ({
          id: name.split('/').at(-1) ?? '',
          ...Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, plain(value)])),
        }) as StoredTask,
    )
    .sort((a, b) => a.order - b.order || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0))
}

/** Stores tasks as they are given (the rules do not apply to the admin token). */
export const seedTasks = (tasks: StoredTask[]): Promise<void> => seedStored(FIRESTORE, tasks)

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
    Array.from({ length: count }, (_, i) => ({
      id: `${prefix}x${String(i)}`,
      task: text(i + 1),
      isFinished: i >= finishedFrom,
      email,
      order: i >= finishedFrom ? 2 ** 40 + i : i,
    })),
  )
}

/**
 * Records the commits the browser sends to the database from now on, from every page of a
 * context or from one page; returns a function that counts them.
 */
export function recordCommits(source: BrowserContext | Page): () => number {
  let count = 0
  source.on('request', (request) => {
    if (request.url().startsWith(FIRESTORE) && request.url().includes('documents:commit')) count++
  })
  return () => count
}
