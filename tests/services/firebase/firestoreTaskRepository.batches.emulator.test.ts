// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { createFirebaseAuthService } from '../../../src/services/firebase/firebaseAuth'
import type { Task } from '../../../src/services/types'
import { device, newUser } from '../../emulators/devices'
import { storedTask, storeTasks } from '../../emulators/rest'

// The batched writes of an import and of Delete account (firestore.ts), and deleting the Auth
// user (firebaseAuth.ts), on the real SDKs against Google's emulators, with firestore.rules.

const taskOf = (email: string, text: string, order = 0): Task => ({
  id: `${text.replace(/\W/g, '')}-${crypto.randomUUID().slice(0, 8)}`,
  task: text,
  isFinished: false,
  email,
  order,
  rank: null,
})

describe('batches', () => {
  it('addMany stores every task; idsOnServer finds the user’s alone; deleteMany removes them', async () => {
    const email = newUser()
    const { tasks } = await device(email)
    const hers = taskOf(newUser('grace'), 'Hers')
    await storeTasks([hers])
    const mine = [taskOf(email, 'One', 0), taskOf(email, 'Two', 1), taskOf(email, 'Three', 2)]
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
