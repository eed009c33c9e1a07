// @vitest-environment jsdom
import { describe, expect, it, vi } from 'vitest'
import type { Task } from '../../../src/services/types'
import { device, follow, newUser } from '../../emulators/devices'
import { storedTask, storeTasks } from '../../emulators/rest'

// The Firestore adapter (firestore.ts behind firestoreTaskRepository.ts) on the real SDK
// against Google's emulator, with firestore.rules.

const taskOf = (email: string, id: string, order = 0, text = `Task ${id}`): Task => ({
  id: `${id}-${crypto.randomUUID().slice(0, 8)}`,
  task: text,
  isFinished: false,
  email,
  order,
})

describe('the live query', () => {
  it('brings another device’s adds, changes and deletes, with no reload', async () => {
    const email = newUser()
    const [laptop, phone] = await Promise.all([device(email), device(email)])
    const first = taskOf(email, 'first', 0, 'Already there')
    await phone.tasks.add(first)
    const list = follow(laptop.tasks, email)
    await expect.poll(list.texts).toEqual(['Already there'])

    const second = taskOf(email, 'second', 1, 'Added on the phone')
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
    await storeTasks([taskOf(grace, 'hers'), taskOf(ada, 'mine', 0, 'Mine')])
    const list = follow((await device(ada)).tasks, ada)
    await expect.poll(() => list.reports.some((report) => !report.fromCache)).toBe(true)
    expect(list.texts()).toEqual(['Mine'])
  })

  it('reports documents it cannot show as gone, and sorts one without an order last', async () => {
    const email = newUser()
    const broken = { id: `broken-${crypto.randomUUID()}`, task: 'No state', email }
    const old = { id: `old-${crypto.randomUUID()}`, task: 'Older app', isFinished: false, email }
    await storeTasks([broken, old, { ...taskOf(email, 'new', 5, 'Ordered') }])
    const list = follow((await device(email)).tasks, email)
    await expect.poll(list.texts).toEqual(['Ordered', 'Older app'])
    expect(list.task(old.id)?.order).toBe(Number.MAX_VALUE)
    expect(list.reports.flatMap((report) => report.updates)).toContainEqual({
      kind: 'removed',
      id: broken.id,
      pendingHere: false,
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
    const task = taskOf(email, 'offline', 0, 'Written offline')
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
    await expect
      .poll(() => list.reports.at(-1))
      .toMatchObject({
        updates: [{ kind: 'changed', task, pendingHere: false }],
        hasPendingWrites: false,
      })
    const { id: _id, ...fields } = task
    expect(await storedTask(task.id)).toEqual(fields)
  })

  it('update writes only the fields given: another device’s change to another field stays', async () => {
    const email = newUser()
    const [laptop, phone] = await Promise.all([device(email), device(email)])
    const task = taskOf(email, 'shared', 0, 'Before')
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

  it('allSaved is false at once while the browser is offline', async () => {
    const { tasks } = await device(newUser())
    vi.spyOn(navigator, 'onLine', 'get').mockReturnValue(false)
    // Were it to wait for the server instead, a minute would outlast the test's time-out.
    expect(await tasks.allSaved(60_000)).toBe(false)
  })
})
