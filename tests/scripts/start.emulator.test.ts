import { readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { basename, join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { findEngine, requestedBackend } from '../../scripts/engine.mjs'
import { seedTasks } from '../../scripts/firestore-rest.mjs'
import { readSaved } from '../../scripts/saved-data.mjs'
import { dataStores, type Store } from '../../scripts/saving.mjs'
import { copyFixture, OUTPUT, scratch } from './exportFiles'
import { filesOf, npmStart, waitFor, type Started } from './npmStart'

// `npm start` itself, on Google's emulators, as a developer's day goes wrong: killed with
// kill -9 (all of it, as a power cut would), and started on a damaged .data/. Its data is in a
// folder of the test's, saved every second. Every wait is on a condition: the saved files as
// the next start reads them, or what the terminal says.

const ORIGIN = 'http://127.0.0.1:8080'
const DOCUMENTS = `${ORIGIN}/v1/projects/demo-todo/databases/(default)/documents`
const OWNER = { authorization: 'Bearer owner', 'content-type': 'application/json' }
const MINUTES = 60_000

let data = ''
let running: Started | undefined
afterEach(async () => {
  if (running?.child.exitCode === null && running.child.signalCode === null)
    await running.killHard()
  running = undefined
  rmSync(data, { recursive: true, force: true })
})

/** The store (folder) holding the Firestore data on this machine's route. */
const firestoreStore = (): Store => {
  const stores = dataStores(findEngine(requestedBackend([], process.env)), data)
  const store = stores.find(({ parts }) => parts.includes('firestore'))
  if (!store) throw new Error('no store keeps the Firestore data')
  return store
}

const documentCount = async () => {
  const response = await fetch(`${DOCUMENTS}:runAggregationQuery`, {
    method: 'POST',
    headers: OWNER,
    body: JSON.stringify({
      structuredAggregationQuery: {
        structuredQuery: { from: [{ allDescendants: true }] },
        aggregations: [{ alias: 'all', count: {} }],
      },
    }),
  })
  const [first] = (await response.json()) as {
    result?: { aggregateFields?: { all?: { integerValue?: string } } }
  }[]
  return Number(first?.result?.aggregateFields?.all?.integerValue)
}

const savedDocuments = (store: Store) => {
  try {
    return readSaved(store, store.dir).documents
  } catch {
    // Not saved yet, or between the two renames of a save.
    return undefined
  }
}

const tasks = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    id: `task-${String(index).padStart(4, '0')}`,
    task: `Task ${String(index)}, long enough that the export spans several blocks`,
    isFinished: index % 3 === 0,
    email: 'dev@example.com',
    order: index,
    rank: null,
  }))

describe('npm start keeps what was saved', () => {
  it(
    'through a kill -9 of the whole of it, after a periodic save',
    async () => {
      data = scratch()
      const store = firestoreStore()
      const first = (running = await npmStart(data, 1))
      await first.says(/The app is running/)
      await seedTasks(ORIGIN, [
        ...tasks(300),
        {
          id: 'crash-test',
          task: 'Written before the crash',
          isFinished: false,
          email: 'dev@example.com',
          order: 1,
          rank: null,
        },
      ])
      await waitFor(
        'a save holding the 301 tasks',
        () => (savedDocuments(store) === 301 ? true : undefined),
        2 * MINUTES,
      )

      await first.killHard()
      expect(first.output()).not.toContain('Stopping')

      const second = (running = await npmStart(data, 1))
      await second.says(/The app is running/)
      // "301 documents" (", 0 accounts" on firebase-tools' route, which keeps both together).
      expect(second.output()).toMatch(/data: 301 documents(, 0 accounts)? from /)
      const response = await fetch(`${DOCUMENTS}/tasks/crash-test`, { headers: OWNER })
      expect(((await response.json()) as { fields?: unknown }).fields).toMatchObject({
        task: { stringValue: 'Written before the crash' },
      })
      expect(await documentCount()).toBe(301)

      await second.interrupt()
      expect(second.output()).toContain('Stopping (saving the data first')
      expect(savedDocuments(store)).toBe(301)
    },
    10 * MINUTES,
  )

  it(
    'says when the saved data cannot be read, keeps it untouched, and starts from the save before',
    async () => {
      data = scratch()
      const store = firestoreStore()
      for (const dir of [store.dir, `${store.dir}.previous`]) {
        copyFixture('firestore', dir)
        if (store.parts.includes('auth')) copyFixture('auth', dir)
        if (store.firebaseMetadata) {
          writeFileSync(
            join(dir, 'firebase-export-metadata.json'),
            JSON.stringify({
              firestore: {
                path: 'firestore_export',
                metadata_file: 'firestore_export/firestore_export.overall_export_metadata',
              },
              ...(store.parts.includes('auth') && { auth: { path: 'auth_export' } }),
            }),
          )
        }
      }
      // A file never flushed before a power cut: on it, the emulator would start empty, silently.
      truncateSync(join(store.dir, OUTPUT), 0)
      const damaged = filesOf(store.dir)

      const started = (running = await npmStart(data, 1))
      await started.says(/The app is running/)
      const aside = readdirSync(data).find((name) =>
        name.startsWith(`${basename(store.dir)}.damaged-`),
      )
      if (aside === undefined) throw new Error(`no damaged copy in ${data}:\n${started.output()}`)
      expect(started.output()).toContain(
        `!! The ${store.name} data saved in ${store.dir} cannot be read: firestore_export/all_namespaces/all_kinds holds 0 documents in 0 bytes, where its metadata says 3 in 465.`,
      )
      expect(started.output()).toContain(`!! It is kept as it was, moved to ${join(data, aside)}`)
      expect(started.output()).toContain(
        `!! Starting from the save before it, ${store.dir}.previous (copied to ${store.dir})`,
      )
      expect(filesOf(join(data, aside))).toEqual(damaged)
      expect(await documentCount()).toBe(3)

      await started.interrupt()
      expect(savedDocuments(store)).toBe(3)
      expect(filesOf(join(data, aside))).toEqual(damaged)
    },
    10 * MINUTES,
  )
})
