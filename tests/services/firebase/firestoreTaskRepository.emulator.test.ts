// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import { toStored } from '../../../src/services/taskDocument'
import type { Task } from '../../../src/services/types'
import { device, follow, keptOnDevice, newUser } from '../../emulators/devices'
import { storedTask, storeDocuments, storeTasks, taskOf } from '../../emulators/rest'

// The Firestore adapter (firestore.ts behind firestoreTaskRepository.ts) on the real SDK
// against Google's emulator, with firestore.rules.

/** How many write batches the SDK keeps in IndexedDB, of every device of this test file. */
const queuedBatches = async () => (await keptOnDevice('mutations')).flat().length

describe('the live query', () => {
  it('brings another device’s adds, changes and deletes, with no reload', async () => {
    const email = newUser()
    const [laptop, phone] = await Promise.all([device(email), device(email)])
    const first = taskOf(email, 'Already there')
    await phone.tasks.add(first)
    const list = follow(laptop.tasks, email)
    await expect.poll(list.texts).toEqual(['Already there'])

    const second = taskOf(email, 'Added on the phone', { order: 1 })
    await phone.tasks.add(second)
    await expect.poll(list.texts).toEqual(['Already there', 'Added on the phone'])
    await phone.tasks.update(first.id, { isFinished: true, order: 2 ** 40 })
    await expect.poll(list.texts).toEqual(['Added on the phone', 'Already there'])
    await phone.tasks.delete(second.id)
    await expect.poll(list.texts).toEqual(['Already there'])
    expect(list.task(first.id)).toEqual({ ...first, isFinished: true, order: 2 ** 40 })
    expect(list.errors).toEqual([])
  })

  it('holds only the user’s own tasks', async () => {
    const ada = newUser()
    const grace = newUser('grace')
    await storeTasks([taskOf(grace, 'Task hers'), taskOf(ada, 'Mine')])
    const list = follow((await device(ada)).tasks, ada)
    await expect.poll(() => list.reports.some((report) => !report.fromCache)).toBe(true)
    expect(list.texts()).toEqual(['Mine'])
  })

  it('shows documents of every shape: the original app’s, and others’ (taskDocument.ts)', async () => {
    const email = newUser()
    const run = crypto.randomUUID().slice(0, 8)
    // Named so that their ids sort as listed here.
    const shapes: Record<string, object> = {
      a1: { task: 'Original app', isFinished: false, email },
      a2: { task: 'No isFinished', email },
      a3: { task: 'Order not a number', isFinished: false, email, order: 'soon' },
      b: { task: 'Original, done', isFinished: true, email },
      c: { task: 42, isFinished: false, email, order: 3 },
      d: { isFinished: false, email, order: 4 },
      e: { task: 'Extra field', isFinished: false, email, order: 5, priority: 'high' },
    }
    await storeDocuments(
      Object.entries(shapes).map(([name, data]) => ({ id: `${run}-${name}`, data })),
    )
    const list = follow((await device(email)).tasks, email)
    await expect.poll(() => list.texts().length).toBe(7)
    // Open before finished; those with no order after this app's first ones, by document id.
    expect(list.texts()).toEqual([
      '42',
      '',
      'Extra field',
      'Original app',
      'No isFinished',
      'Order not a number',
      'Original, done',
    ])
    expect(list.task(`${run}-a2`)).toMatchObject({ isFinished: false, order: null })
    expect(list.task(`${run}-a3`)?.order).toBeNull()
  })
})

describe('a task’s stored fields, defined once (taskDocument.ts)', () => {
  it('each goes to the server and comes back as it was', async () => {
    const email = newUser()
    const [laptop, phone] = await Promise.all([device(email), device(email)])
    // Every field of a task: a field added to Task and not here fails the type check.
    const every = {
      id: `every-${crypto.randomUUID().slice(0, 8)}`,
      task: 'Every field',
      isFinished: true,
      email,
      order: 2 ** 40 + 0.5,
      rank: 'a0V',
      due: '2026-12-24T17:00:00.000Z',
      repeat: 'RRULE;X-TODO-FROM=COMPLETION:FREQ=WEEKLY;INTERVAL=2',
      list: '200',
    } satisfies Required<Record<keyof Task, unknown>> & Task
    const unordered: Task = {
      ...every,
      id: `${every.id}-old`,
      task: 'No order',
      order: null,
      rank: null,
      due: null,
      repeat: null,
      list: null,
    }
    await laptop.tasks.add(every)
    await laptop.tasks.add(unordered)
    expect(await storedTask(every.id)).toEqual(toStored(every))
    expect(await storedTask(unordered.id)).toEqual({ task: 'No order', isFinished: true, email })
    const list = follow(phone.tasks, email)
    await expect.poll(() => list.task(unordered.id)).toEqual(unordered)
    expect(list.task(every.id)).toEqual(every)
  })

  it('an update keeps every field it does not change, another client’s too', async () => {
    const email = newUser()
    const id = `extra-${crypto.randomUUID().slice(0, 8)}`
    await storeDocuments([{ id, data: { task: 'Mine', isFinished: false, email, colour: 'red' } }])
    const { tasks } = await device(email)
    await tasks.update(id, { task: 'Renamed', isFinished: true, order: 2 ** 40 })
    expect(await storedTask(id)).toEqual({
      task: 'Renamed',
      isFinished: true,
      email,
      order: 2 ** 40,
      colour: 'red',
    })
  })
})

describe('this device’s own writes', () => {
  it('show at once as pending here until the server acknowledges them', async () => {
    const email = newUser()
    const laptop = await device(email)
    const list = follow(laptop.tasks, email)
    await expect.poll(() => list.reports.length).toBeGreaterThan(0)
    await laptop.offline()
    const task = taskOf(email, 'Written offline')
    let acknowledged = false
    const written = laptop.tasks.add(task).then(() => (acknowledged = true))
    await expect
      .poll(() => list.reports.at(-1))
      .toMatchObject({
        updates: [{ kind: 'changed', task, pendingHere: true }],
        hasPendingWrites: true,
      })
    expect(await laptop.tasks.allSaved(200)).toBe(false)
    expect(acknowledged).toBe(false)
    expect(await storedTask(task.id)).toBeNull()

    await laptop.online()
    await written
    expect(await laptop.tasks.allSaved(10_000)).toBe(true)
    // The task's last word and the last report's: a busy machine may report them apart.
    await expect
      .poll(() => ({
        update: list.reports.flatMap(({ updates }) => updates).at(-1),
        hasPendingWrites: list.reports.at(-1)?.hasPendingWrites,
      }))
      .toMatchObject({
        update: { kind: 'changed', task, pendingHere: false },
        hasPendingWrites: false,
      })
    expect(await storedTask(task.id)).toEqual(toStored(task))
  })

  it('a delete, and a list’s write, are pending too until the server acknowledges them', async () => {
    const email = newUser()
    const laptop = await device(email)
    const task = taskOf(email, 'Deleted offline')
    await laptop.tasks.add(task)
    const list = follow(laptop.tasks, email)
    await expect.poll(() => list.task(task.id)).toEqual(task)
    await expect.poll(() => list.reports.at(-1)?.hasPendingWrites).toBe(false)
    await laptop.offline()
    // The query drops a deleted task at once, so the SDK's own flag says nothing of it.
    const deleted = laptop.tasks.delete(task.id)
    await expect.poll(() => list.task(task.id)).toBeUndefined()
    await expect.poll(() => list.reports.at(-1)?.hasPendingWrites).toBe(true)
    await laptop.online()
    await deleted
    await expect.poll(() => list.reports.at(-1)?.hasPendingWrites).toBe(false)

    // A list is no task of the query: its write, unacknowledged, is said all the same.
    await laptop.offline()
    const made = laptop.tasks.addList({
      id: '1',
      name: 'Groceries',
      rank: 'a',
      made: 'madeOffline1',
    })
    await expect.poll(() => list.reports.at(-1)?.hasPendingWrites).toBe(true)
    await laptop.online()
    await made
    await expect.poll(() => list.reports.at(-1)?.hasPendingWrites).toBe(false)
  })

  it('update writes only the fields given: another device’s change to another field stays', async () => {
    const email = newUser()
    const [laptop, phone] = await Promise.all([device(email), device(email)])
    const task = taskOf(email, 'Before')
    await laptop.tasks.add(task)
    await phone.tasks.update(task.id, { task: 'Renamed on the phone' })
    // The laptop has not heard of the new text: it follows nothing.
    await laptop.tasks.update(task.id, { isFinished: true, order: 2 ** 40 })
    expect(await storedTask(task.id)).toEqual({
      task: 'Renamed on the phone',
      isFinished: true,
      email,
      order: 2 ** 40,
    })
  })

  it('a write the SDK refuses at once (data it cannot store) leaves the task following the server', async () => {
    const email = newUser()
    const [laptop, phone] = await Promise.all([device(email), device(email)])
    const task = taskOf(email, 'Before')
    await laptop.tasks.add(task)
    const list = follow(laptop.tasks, email)
    await expect.poll(() => list.task(task.id)?.task).toBe('Before')
    const bad = { ...task, task: undefined as unknown as string }
    await expect(laptop.tasks.add(bad)).rejects.toMatchObject({ code: 'invalid-argument' })
    await phone.tasks.update(task.id, { task: 'Changed on the phone' })
    await expect.poll(() => list.task(task.id)?.task).toBe('Changed on the phone')
    expect(list.reports.at(-1)?.updates).toEqual([
      { kind: 'changed', task: { ...task, task: 'Changed on the phone' }, pendingHere: false },
    ])
  })

  it('a change is in the page’s memory only until the SDK has it on disk, offline too', async () => {
    const email = newUser()
    const laptop = await device(email)
    await laptop.offline()
    expect(laptop.tasks.changesOnlyInMemory()).toBe(false)
    const heard: boolean[] = []
    const stop = laptop.tasks.watchChangesInMemory((inMemory) => heard.push(inMemory))
    const before = await queuedBatches()
    void laptop.tasks.add(taskOf(email, 'Kept offline'))
    expect(laptop.tasks.changesOnlyInMemory()).toBe(true)
    await expect.poll(() => laptop.tasks.changesOnlyInMemory()).toBe(false)
    // It is in the SDK's queue on disk the moment the page says so (nothing is acknowledged).
    expect(await queuedBatches()).toBe(before + 1)
    // And heard so, the page's sync line too (saving/listeners.ts).
    await expect.poll(() => heard).toEqual([true, false])
    stop()
  })

  it('allSaved is false at once while the browser is offline', async () => {
    const { tasks } = await device(newUser())
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    // Were it to wait for the server instead, a minute would outlast the test's time-out.
    expect(await tasks.allSaved(60_000)).toBe(false)
  })
})
