import { describe, expect, it, vi } from 'vitest'
import { ADA } from '../../../support/fakeAuthService'
import { storeInOldOutbox } from '../../../support/oldOutbox'
import { createTestServices } from '../../../support/services'
import { EMAIL, signedInStore, storedTask } from '../../../support/store'
import type { Task } from '../../../../src/services/types'

/** A task as the app's versions before the SDK kept it: no rank. */
const old = ({ rank: _rank, ...task }: Task) => task

// A browser whose outbox (the app's versions before the Firestore SDK) still holds writes.

const names = async (factory: IDBFactory) => (await factory.databases()).map(({ name }) => name)
const GRACE = 'grace@example.com'
const entry = (seq: number, fields: object) => ({
  email: EMAIL,
  seq,
  attempted: seq > 2,
  ...fields,
})

describe('the old outbox', () => {
  it('hands the signed-in person’s writes to the database client in their order, once, and keeps the others’', async () => {
    const services = createTestServices({
      stored: [storedTask('b', true, 3), storedTask('c'), storedTask('d')],
    })
    const edited = { ...storedTask('b', true, 3), task: 'Edited offline' }
    await storeInOldOutbox({
      factory: services.oldDevice,
      entries: [
        entry(1, { id: 'a', kind: 'add', task: old(storedTask('a', false, 1)) }),
        entry(2, { id: 'b', kind: 'update', task: old(edited), fields: ['task'] }),
        // The first versions' updates named no fields: they wrote them all.
        entry(3, { id: 'c', kind: 'update', task: old(storedTask('c', true, 2)) }),
        entry(4, { id: 'd', kind: 'delete' }),
        entry(5, { id: 'e', kind: 'add', task: storedTask('e'), acknowledged: true }),
        {
          ...entry(6, { id: 'g', kind: 'add', task: { ...storedTask('g'), email: GRACE } }),
          email: GRACE,
        },
      ],
    })
    const { repository } = await signedInStore([], services)
    await vi.waitFor(
      () => {
        expect(repository.writes).toHaveLength(4)
      },
      { timeout: 10_000 },
    )
    expect(repository.writes).toEqual([
      { kind: 'add', task: storedTask('a', false, 1) },
      { kind: 'update', id: 'b', changes: { task: 'Edited offline' } },
      { kind: 'update', id: 'c', changes: { task: 'Task c', isFinished: true, order: 2 } },
      { kind: 'delete', id: 'd' },
    ])
    expect(
      repository
        .serverTasks(EMAIL)
        .map(({ id }) => id)
        .sort(),
    ).toEqual(['a', 'b', 'c'])
    // Grace's add waits for her: the old store stays while it holds it.
    expect(await names(services.oldDevice)).toEqual(['todo'])
  })

  it('is deleted once the last person’s writes have left it', async () => {
    const services = createTestServices()
    await storeInOldOutbox({
      factory: services.oldDevice,
      entries: [entry(1, { id: 'a', kind: 'add', task: storedTask('a') })],
    })
    const { repository, fakeAuth } = await signedInStore([], services)
    await vi.waitFor(
      async () => {
        expect(await names(services.oldDevice)).toEqual([])
      },
      { timeout: 10_000 },
    )
    expect(repository.writes).toEqual([{ kind: 'add', task: storedTask('a') }])
    // Signed in again later: nothing is sent twice.
    fakeAuth.emit(null)
    fakeAuth.emit(ADA)
    await vi.waitFor(
      () => {
        expect(repository.watching()).toEqual([EMAIL])
      },
      { timeout: 10_000 },
    )
    expect(repository.writes).toHaveLength(1)
  })

  it('a write the server refuses logs the spec’s message and marks the task', async () => {
    const error = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const services = createTestServices({ stored: [storedTask('b')] })
    services.repository.refuseWrites('permission-denied')
    await storeInOldOutbox({
      factory: services.oldDevice,
      entries: [
        entry(1, { id: 'b', kind: 'update', task: storedTask('b', true), fields: ['isFinished'] }),
      ],
    })
    const { store } = await signedInStore([storedTask('b')], services)
    await vi.waitFor(
      () => {
        expect(error).toHaveBeenCalledWith('Error updating document', expect.anything())
      },
      { timeout: 10_000 },
    )
    expect(store.getState().tasks.unsaved.b).toMatchObject({ kind: 'update', text: 'Task b' })
  })

  it('a browser that never had it gets none', async () => {
    const services = createTestServices()
    const { repository } = await signedInStore([storedTask('a')], services)
    expect(repository.writes).toEqual([])
    expect(await names(services.oldDevice)).toEqual([])
  })
})
