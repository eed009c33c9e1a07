import { describe, expect, it } from 'vitest'
import { importDismissed, selectImport } from '../../../src/features/account/accountSlice'
import { IMPORT_SLICE, confirmImport } from '../../../src/features/account/commands'
import { installAccount } from '../../../src/features/account/install'
import { undoImport } from '../../../src/features/undo/commands'
import { selectImportOffer } from '../../../src/features/undo/undoSlice'
import { EMAIL, signedInStore, storedTask } from '../../support/store'

// A long import goes into the list a slice at a time, a turn of the event loop between slices:
// what happens between them, on the real store with its listeners.

const fileTasks = (count: number) =>
  Array.from({ length: count }, (_, i) => ({
    text: `Imported ${String(i)}`,
    finished: i % 4 === 0,
  }))

async function started(count = IMPORT_SLICE * 4) {
  const setup = await signedInStore([storedTask('a', false, 0, 'Keep me')])
  installAccount(setup.store)
  setup.repository.holdWrites()
  const done = setup.store.dispatch(confirmImport(fileTasks(count)))
  return { ...setup, done }
}

const addWrites = (writes: { kind: string }[]) => writes.filter(({ kind }) => kind === 'addMany')

describe('an import in slices', () => {
  it('adds one slice, then the next on a later turn, each written as it comes', async () => {
    const { store, repository, done } = await started()
    // The first slice is in the list and written at once; the rest are not yet.
    expect(store.getState().tasks.ids).toHaveLength(1 + IMPORT_SLICE)
    expect(addWrites(repository.writes)).toHaveLength(IMPORT_SLICE / 50)
    expect(selectImport(store.getState())).toMatchObject({ total: IMPORT_SLICE * 4, saved: 0 })
    expect(await done).toBe(IMPORT_SLICE * 4)
    expect(store.getState().tasks.ids).toHaveLength(1 + IMPORT_SLICE * 4)
    expect(selectImportOffer(store.getState())?.ids).toHaveLength(IMPORT_SLICE * 4)
    expect(addWrites(repository.writes)).toHaveLength((IMPORT_SLICE * 4) / 50)
  })

  it('Undo between slices takes back what was added, and the rest never comes', async () => {
    const { store, repository, done } = await started()
    store.dispatch(undoImport())
    await done
    expect(store.getState().tasks.ids).toHaveLength(1)
    expect(selectImport(store.getState())).toMatchObject({ undone: true, added: IMPORT_SLICE })
    expect(selectImportOffer(store.getState())).toBeNull()
    // One slice written, then deleted; nothing more.
    expect(repository.writes.map(({ kind }) => kind)).toEqual([
      ...Array<string>(IMPORT_SLICE / 50).fill('addMany'),
      ...Array<string>(IMPORT_SLICE / 50).fill('deleteMany'),
    ])
    repository.acknowledgeHeld()
    await expect
      .poll(() => repository.serverTasks(EMAIL).map(({ task }) => task))
      .toEqual(['Keep me'])
  })

  it('Dismiss between slices only hides the line: every task is still added', async () => {
    const { store, repository, done } = await started()
    store.dispatch(importDismissed())
    await done
    expect(store.getState().tasks.ids).toHaveLength(1 + IMPORT_SLICE * 4)
    repository.acknowledgeHeld()
    await expect.poll(() => repository.serverTasks(EMAIL)).toHaveLength(1 + IMPORT_SLICE * 4)
  })

  it('a sign-out between slices adds no more of them', async () => {
    const { store, fakeAuth, repository, done } = await started()
    fakeAuth.emit(null)
    await done
    expect(store.getState().tasks.ids).toEqual([])
    expect(addWrites(repository.writes)).toHaveLength(IMPORT_SLICE / 50)
  })

  it('a second import started meanwhile keeps its own Undo; the first is still added', async () => {
    const { store, done } = await started()
    const second = store.dispatch(
      confirmImport([{ text: 'From the second file', finished: false }]),
    )
    await Promise.all([done, second])
    expect(store.getState().tasks.ids).toHaveLength(2 + IMPORT_SLICE * 4)
    expect(selectImport(store.getState())).toMatchObject({ total: 1, added: 1 })
    expect(selectImportOffer(store.getState())?.ids).toEqual([expect.any(String)])
    store.dispatch(undoImport())
    expect(store.getState().tasks.ids).toHaveLength(1 + IMPORT_SLICE * 4)
  })
})
