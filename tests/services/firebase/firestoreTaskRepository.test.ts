import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fieldsFromPlain } from '../../../backend/index'
import { newDocumentId } from '../../../src/services/firebase/firestoreTaskRepository'
import { toLoadedTask } from '../../../src/services/firebase/taskQuery'
import type { Task } from '../../../src/services/types'
import { createFirebaseHarness } from '../../support/firebaseHarness'

const ADA = 'ada@example.com'
const GRACE = 'grace@example.com'
const harness = createFirebaseHarness()
beforeEach(harness.start)
afterEach(harness.stop)

const task = (id: string, overrides: Partial<Task> = {}): Task => ({
  id,
  task: `Task ${id}`,
  isFinished: false,
  email: ADA,
  order: 0,
  ...overrides,
})

const seed = (id: string, data: Record<string, unknown>) =>
  harness.backend.store.put(
    `projects/demo-todo/databases/(default)/documents/tasks/${id}`,
    fieldsFromPlain(data),
  )

describe('the Firestore task repository, real SDK against the local backend', () => {
  it('add stores exactly task, isFinished false, email and order under the given id', async () => {
    const { tasks } = await harness.signedInServices(ADA)
    const id = tasks.newId()
    await tasks.add(task(id, { task: 'Buy milk', order: 3 }))
    expect(harness.storedTasks()).toEqual({
      [id]: { task: 'Buy milk', isFinished: false, email: ADA, order: 3 },
    })
  })

  it('update writes the whole local task object; delete removes the document', async () => {
    const { tasks } = await harness.signedInServices(ADA)
    await tasks.add(task('t1'))
    await tasks.update('t1', task('t1', { task: 'Renamed', isFinished: true, order: 2 ** 40 }))
    expect(harness.storedTasks()).toEqual({
      t1: { id: 't1', task: 'Renamed', isFinished: true, email: ADA, order: 2 ** 40 },
    })
    await tasks.delete('t1')
    expect(harness.storedTasks()).toEqual({})
  })

  it('load returns only the signed-in user’s tasks', async () => {
    seed('a1', { task: 'Ada 1', isFinished: false, email: ADA, order: 1 })
    seed('a2', { task: 'Ada 2', isFinished: true, email: ADA, order: 0 })
    seed('g1', { task: 'Grace 1', isFinished: false, email: GRACE, order: 0 })
    const { tasks } = await harness.signedInServices(ADA)
    const loaded = await tasks.load(ADA)
    expect(loaded.map((loadedTask) => loadedTask.id).sort()).toEqual(['a1', 'a2'])
    expect(loaded.find((loadedTask) => loadedTask.id === 'a2')).toEqual({
      id: 'a2',
      task: 'Ada 2',
      isFinished: true,
      email: ADA,
      order: 0,
    })
  })

  it('load skips and logs documents with a missing or mistyped field, and keeps the rest', async () => {
    const consoleWarn = vi.spyOn(console, 'warn').mockImplementation(() => undefined)
    seed('good', { task: 'Good', isFinished: false, email: ADA, order: 0 })
    seed('legacy', { task: 'No order', isFinished: false, email: ADA })
    seed('no-text', { isFinished: false, email: ADA, order: 1 })
    seed('bad-flag', { task: 'Bad flag', isFinished: 'yes', email: ADA, order: 2 })
    const { tasks } = await harness.signedInServices(ADA)
    const loaded = await tasks.load(ADA)
    expect(loaded.map((loadedTask) => loadedTask.id).sort()).toEqual(['good', 'legacy'])
    expect(consoleWarn.mock.calls.map(([message]) => message as string).sort()).toEqual([
      'Skipped the malformed task document bad-flag',
      'Skipped the malformed task document no-text',
    ])
  })

  it('the server refuses another user’s e-mail: load rejects with permission-denied', async () => {
    const { tasks } = await harness.signedInServices(GRACE)
    await expect(tasks.load(ADA)).rejects.toMatchObject({ code: 'permission-denied' })
  })

  it('writes to one document reach the server in the order they were made', async () => {
    const { tasks } = await harness.signedInServices(ADA)
    // The add is slow to be answered; the update must still not overtake it.
    harness.backend.faults.add({ kinds: ['commit'], delayMs: 150, times: 1 })
    const writes = [
      tasks.add(task('t1')),
      tasks.update('t1', task('t1', { task: 'Second' })),
      tasks.update('t1', task('t1', { task: 'Third', isFinished: true })),
    ]
    await Promise.all(writes)
    expect(harness.storedTasks()).toEqual({
      t1: { id: 't1', task: 'Third', isFinished: true, email: ADA, order: 0 },
    })
  })

  it.each([
    ['503', { status: 503 }, 'unavailable'],
    ['a dropped connection', { networkError: true }, 'unknown'],
  ])(
    'a write answered with %s rejects with code %s, and the next write goes ahead',
    async (_name, fault, code) => {
      const { tasks } = await harness.signedInServices(ADA)
      harness.backend.faults.add({ kinds: ['commit'], times: 1, ...fault })
      await expect(tasks.add(task('t1'))).rejects.toMatchObject({ code })
      await tasks.add(task('t1'))
      expect(Object.keys(harness.storedTasks())).toEqual(['t1'])
    },
  )
})

describe('document ids and fields', () => {
  it('ids are 20 random letters and digits, like Firestore’s own', () => {
    const ids = new Set(Array.from({ length: 1000 }, newDocumentId))
    expect(ids.size).toBe(1000)
    for (const id of ids) expect(id).toMatch(/^[A-Za-z0-9]{20}$/)
  })

  it('a document becomes a task only with a text, a boolean state, an e-mail and a numeric order if any', () => {
    const data = { task: 'T', isFinished: false, email: ADA }
    expect(toLoadedTask({ id: 'x', data })).toEqual({ id: 'x', ...data })
    expect(toLoadedTask({ id: 'x', data: { ...data, order: 4 } })).toEqual({
      id: 'x',
      ...data,
      order: 4,
    })
    expect(toLoadedTask({ id: 'x', data: { ...data, order: '4' } })).toBeNull()
    expect(toLoadedTask({ id: 'x', data: { ...data, email: null } })).toBeNull()
  })
})
