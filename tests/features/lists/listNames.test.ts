import { describe, expect, it } from 'vitest'
import { createList, renameList } from '../../../src/features/lists/commands'
import { listsSnapshotReceived, selectLists } from '../../../src/features/lists/listsSlice'
import { newTask } from '../../../src/services/taskDocument'
import type { ListEntry } from '../../../src/services/types'
import { EMAIL, signedInStore } from '../../support/store'

// Names find lists ('#work' in the one input, an import, our export read back), so no two of
// one person's share one, whatever the case; and a new list never takes a slot a stray task
// still names (moved there on a device that had not heard the list was deleted).

const entry = (id: string, name: string): ListEntry => ({ id, name, rank: `a${id}`, made: 'm' })

async function withLists(lists: ListEntry[], strays: (string | null)[] = []) {
  const tasks = strays.map((list, index) =>
    newTask({
      id: `t${String(index)}`,
      task: `Task ${String(index)}`,
      email: EMAIL,
      order: index,
      list,
    }),
  )
  const { store } = await signedInStore(tasks)
  store.dispatch(listsSnapshotReceived(lists))
  return store
}

describe('a list’s name is its own', () => {
  it('New list refuses the name of a list there, in any case, and My tasks’ own', async () => {
    const store = await withLists([entry('4', 'Work'), entry('9', 'Home')])
    for (const taken of ['Work', 'work', '  WORK ', 'home', 'My tasks', 'my TASKS', 'My Tasks'])
      expect(store.dispatch(createList(taken))).toEqual({ refused: 'taken' })
    expect(selectLists(store.getState()).map(({ name }) => name)).toEqual(['Work', 'Home'])
    const made = store.dispatch(createList('Workshop'))
    expect('made' in made && made.made.name).toBe('Workshop')
  })

  it('Rename refuses another list’s name, and takes its own in another case', async () => {
    const store = await withLists([entry('4', 'Work'), entry('9', 'Home')])
    expect(store.dispatch(renameList('9', 'WORK'))).toBe('taken')
    expect(store.dispatch(renameList('9', 'my tasks'))).toBe('taken')
    expect(store.dispatch(renameList('9', '   '))).toBe('name')
    expect(selectLists(store.getState()).map(({ name }) => name)).toEqual(['Work', 'Home'])
    expect(store.dispatch(renameList('4', 'work'))).toBe('renamed')
    expect(store.dispatch(renameList('9', 'Garden'))).toBe('renamed')
    expect(selectLists(store.getState()).map(({ name }) => name)).toEqual(['work', 'Garden'])
  })
})

describe('a new list’s slot', () => {
  const allBut = (...free: number[]) =>
    Array.from({ length: 200 }, (_, slot) => String(slot + 1))
      .filter((slot) => !free.includes(Number(slot)))
      .map((slot) => entry(slot, `List ${slot}`))

  it('is never one a stray task names while another is free', async () => {
    const store = await withLists(allBut(77, 78), ['77', null])
    const made = store.dispatch(createList('Fresh trip'))
    expect('made' in made && made.made.id).toBe('78')
  })

  it('is that one when no other is free, rather than none', async () => {
    const store = await withLists(allBut(77), ['77'])
    const made = store.dispatch(createList('Fresh trip'))
    expect('made' in made && made.made.id).toBe('77')
    expect(store.dispatch(createList('One more'))).toEqual({ refused: 'full' })
  })
})
