// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { createFirebaseAuthService } from '../../../src/services/firebase/firebaseAuth'
import { device, follow, newUser } from '../../emulators/devices'
import { storedTask, storeTasks, taskOf } from '../../emulators/rest'

// The batched writes of an import and of Delete account (firestore.ts), and deleting the Auth
// user (firebaseAuth.ts), on the real SDKs against Google's emulators, with firestore.rules.

describe('batches', () => {
  it('addMany stores every task; idsOnServer finds the user’s alone; deleteMany removes them', async () => {
    const email = newUser()
    const { tasks } = await device(email)
    const hers = taskOf(newUser('grace'), 'Hers')
    await storeTasks([hers])
    const mine = [
      taskOf(email, 'One'),
      taskOf(email, 'Two', { order: 1 }),
      taskOf(email, 'Three', { order: 2 }),
    ]
    await tasks.addMany(mine)
    expect(await storedTask(mine[1]?.id ?? '')).toMatchObject({ task: 'Two', email, order: 1 })
    expect((await tasks.idsOnServer(email, 500)).sort()).toEqual(mine.map(({ id }) => id).sort())
    expect(await tasks.idsOnServer(email, 2)).toHaveLength(2)
    await tasks.deleteMany(mine.map(({ id }) => id))
    expect(await tasks.idsOnServer(email, 500)).toEqual([])
    expect(await storedTask(hers.id)).not.toBeNull()
  })

  it('a batch the rules refuse one task of stores none of it', async () => {
    const email = newUser()
    const { tasks } = await device(email)
    const good = taskOf(email, 'Good')
    const blank = { ...taskOf(email, 'Blank'), task: '\u200B' }
    await expect(tasks.addMany([good, blank])).rejects.toMatchObject({
      code: 'permission-denied',
    })
    expect(await storedTask(good.id)).toBeNull()
  })
})

describe('a burst of writes (an import)', () => {
  it('pauses the live query before the SDK takes the write past 100 tasks, until all are saved', async () => {
    const email = newUser()
    const { tasks } = await device(email)
    const list = follow(tasks, email)
    await expect
      .poll(() => list.reports.some(({ fromCache }) => !fromCache), { timeout: 30_000 })
      .toBe(true)
    const batches = [0, 1, 2, 3, 4].map((batch) =>
      Array.from({ length: 50 }, (_, i) =>
        taskOf(email, `Batch ${String(batch)} task ${String(i)}`),
      ),
    )
    const [first = [], ...burst] = batches
    await tasks.addMany(first)
    await Promise.all(burst.map((batch) => tasks.addMany(batch)))
    await expect.poll(() => list.texts().length, { timeout: 30_000 }).toBe(250)
    const seenPending = new Set(
      list.reports.flatMap(({ updates }) =>
        updates.flatMap((update) =>
          update.kind === 'changed' && update.pendingHere ? [update.task.id] : [],
        ),
      ),
    )
    // One batch alone is shown as this page's own while it is sent; in the burst, the query
    // paused before the SDK took the batch that made it more than 100 pending tasks, so the
    // SDK never worked out the live view for the batches after, and they show once saved.
    expect(first.every(({ id }) => seenPending.has(id))).toBe(true)
    expect(
      burst
        .slice(2)
        .flat()
        .filter(({ id }) => seenPending.has(id)),
    ).toEqual([])
    expect(list.errors).toEqual([])
  })
})

describe('the account', () => {
  it('a fresh sign-in is recent, and deleteAccount removes the Auth user, signing them out', async () => {
    const email = newUser()
    const { auth } = await device(email)
    const service = createFirebaseAuthService(auth)
    expect(await service.signedInRecently()).toBe(true)
    // Five minutes later, Firebase would ask for a sign-in again.
    const later = createFirebaseAuthService(auth, () => Date.now() + 5 * 60_000)
    expect(await later.signedInRecently()).toBe(false)
    await service.deleteAccount()
    expect(service.hasCurrentUser()).toBe(false)
  })
})
