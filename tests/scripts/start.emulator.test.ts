import { cpSync, mkdtempSync, readdirSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { seedTasks } from '../../scripts/firestore-rest.mjs'
import { check, liveCounts, seal } from '../../scripts/saves.ts'
import { filesOf, npmStart, waitFor, type Started } from './npmStart'
import { newTask } from '../../src/services/taskDocument'

// `npm start` itself, on Google's emulators, as a developer's day goes wrong: killed with
// kill -9 (all of it, as a power cut would), and started on a damaged .data/. Its data is in a
// folder of the test's, saved every second. Every wait is on a condition: the saved files as
// the next start reads them, or what the terminal says.

const ORIGIN = 'http://127.0.0.1:8080'
const DOCUMENTS = `${ORIGIN}/v1/projects/demo-todo/databases/(default)/documents`
const OWNER = { authorization: 'Bearer owner', 'content-type': 'application/json' }
const FIXTURE = join(import.meta.dirname, 'fixtures/emulators')
const OUTPUT = 'firestore_export/all_namespaces/all_kinds/output-0'
const MINUTES = 60_000

let data = ''
let running: Started | undefined
afterEach(async () => {
  if (running?.child.exitCode === null && running.child.signalCode === null)
    await running.killHard()
  running = undefined
  rmSync(data, { recursive: true, force: true })
})
const scratch = () => (data = mkdtempSync(join(tmpdir(), 'todo-start-')))

/** How many documents the running emulator holds (what `npm start` checks after a load). */
const documentCount = async () => (await liveCounts()).documents

/** The documents of the save in place, or undefined (none yet, or between its two renames). */
const savedDocuments = () => {
  const found = check(join(data, 'emulators'))
  return typeof found === 'string' ? undefined : found.documents
}

const tasks = (count: number) =>
  Array.from({ length: count }, (_, index) =>
    newTask({
      id: `task-${String(index).padStart(4, '0')}`,
      task: `Task ${String(index)}, long enough that the export spans several blocks`,
      isFinished: index % 3 === 0,
      email: 'dev@example.com',
      order: index,
    }),
  )

describe('npm start keeps what was saved', () => {
  it(
    'through a kill -9 of the whole of it, after a periodic save',
    async () => {
      scratch()
      const first = (running = await npmStart(data, 1))
      await first.says(/The app is running/)
      // The app is served with the deploy's security headers (firebase.json) from the first day.
      const page = await fetch('http://127.0.0.1:5173/todo/')
      expect(page.headers.get('content-security-policy')).toContain("frame-ancestors 'none'")
      expect(page.headers.get('x-frame-options')).toBe('DENY')
      expect(page.headers.get('x-content-type-options')).toBe('nosniff')
      expect(page.headers.get('cross-origin-opener-policy')).toBe('same-origin-allow-popups')
      // The emulators' logs (firebase-debug.log and the like) are the project's, never the page's.
      const log = join(process.cwd(), 'start-probe.log')
      writeFileSync(log, 'secret')
      try {
        expect((await fetch('http://127.0.0.1:5173/todo/start-probe.log')).status).toBe(403)
      } finally {
        rmSync(log)
      }
      await seedTasks(ORIGIN, [
        ...tasks(300),
        newTask({
          id: 'crash-test',
          task: 'Written before the crash',
          email: 'dev@example.com',
          order: 1,
        }),
      ])
      await waitFor(
        'a save holding the 301 tasks',
        () => (savedDocuments() === 301 ? true : undefined),
        2 * MINUTES,
      )

      await first.killHard()
      expect(first.output()).not.toContain('Stopping')

      const second = (running = await npmStart(data, 1))
      await second.says(/The app is running/)
      expect(second.output()).toContain('data: 301 documents, 0 accounts from ')
      const response = await fetch(`${DOCUMENTS}/tasks/crash-test`, { headers: OWNER })
      expect(((await response.json()) as { fields?: unknown }).fields).toMatchObject({
        task: { stringValue: 'Written before the crash' },
      })
      expect(await documentCount()).toBe(301)

      await second.interrupt()
      expect(second.output()).toContain('Stopping (saving the data first')
      expect(savedDocuments()).toBe(301)
    },
    10 * MINUTES,
  )

  it(
    'says when the saved data cannot be used, keeps it untouched, and starts from the save before',
    async () => {
      const dir = join(scratch(), 'emulators')
      // The save before holds fewer documents than its saved.json says: the emulators then hold
      // fewer than it, which is said, and it is set aside at the next save, not replaced.
      for (const [name, documents] of [
        [dir, 3],
        [`${dir}.previous`, 4],
      ] as const) {
        cpSync(FIXTURE, name, { recursive: true })
        seal(name, { documents, accounts: 1 })
      }
      // A file never flushed before a power cut: on it, the emulator would start empty, silently.
      truncateSync(join(dir, OUTPUT), 0)
      const damaged = filesOf(dir)

      const started = (running = await npmStart(data, 1))
      await started.says(/The app is running/)
      const aside = readdirSync(data).find((name) => name.startsWith('emulators.damaged-'))
      if (aside === undefined) throw new Error(`no damaged copy in ${data}:\n${started.output()}`)
      expect(started.output()).toContain(
        `!! The data saved in ${dir} cannot be used: ${OUTPUT} is not as it was saved.`,
      )
      expect(started.output()).toContain(`!! It is kept as it was, moved to ${join(data, aside)}`)
      expect(started.output()).toContain(
        `!! Starting from the save before it (4 documents, 1 account)`,
      )
      expect(started.output()).toContain(
        `!! The emulators started with 3 documents, 1 account, but ${dir} holds 4 documents, 1 account.`,
      )
      expect(filesOf(join(data, aside))).toEqual(damaged)
      expect(await documentCount()).toBe(3)

      await started.interrupt()
      expect(savedDocuments()).toBe(3)
      expect(filesOf(join(data, aside))).toEqual(damaged)
      const kept = readdirSync(data).find((name) => name.startsWith('emulators.kept-'))
      expect(kept && check(join(data, kept))).toEqual({ documents: 4, accounts: 1 })
    },
    10 * MINUTES,
  )
})
