import { describe, expect, it, vi } from 'vitest'
import { moveList, moveListBy } from '../../../src/features/lists/commands'
import { byPlace, ranksForMove } from '../../../src/features/lists/listPlaces'
import {
  listMoved,
  listsSnapshotReceived,
  selectLists,
} from '../../../src/features/lists/listsSlice'
import type { ListEntry } from '../../../src/services/types'
import { storeWithList } from '../../support/store'

// The person's own order of lists: the reducer keeps them by rank (then slot), and a move is the
// ranks that put a list at its new place, its own alone unless its neighbours tie.

const entry = (id: string, rank: string): ListEntry => ({ id, name: `List ${id}`, rank, made: 'x' })
const names = (lists: readonly ListEntry[]) => lists.map(({ id }) => id)

/** `lists` in their place, with `ranks` applied: the order a move leaves. */
function after(lists: ListEntry[], ranks: { id: string; rank: string }[]) {
  const given = new Map(ranks.map(({ id, rank }) => [id, rank]))
  return names(
    lists.map((list) => ({ ...list, rank: given.get(list.id) ?? list.rank })).sort(byPlace),
  )
}

describe('ranksForMove', () => {
  const lists = [entry('4', 'a0'), entry('9', 'a1'), entry('2', 'a2'), entry('7', 'a3')]

  it('gives the moved list alone a key between its new neighbours, each way and to either end', () => {
    for (const [id, to, order] of [
      ['7', 1, ['4', '7', '9', '2']],
      ['4', 2, ['9', '2', '4', '7']],
      ['2', 0, ['2', '4', '9', '7']],
      ['9', 3, ['4', '2', '7', '9']],
    ] as const) {
      const ranks = ranksForMove(lists, id, to)
      expect(ranks.map((rank) => rank.id)).toEqual([id])
      expect(after(lists, ranks)).toEqual(order)
    }
  })

  it('gives nothing for no move, a place out of the line, or a list not there', () => {
    expect(ranksForMove(lists, '9', 1)).toEqual([])
    expect(ranksForMove(lists, '9', 4)).toEqual([])
    expect(ranksForMove(lists, '9', -1)).toEqual([])
    expect(ranksForMove(lists, '5', 0)).toEqual([])
  })

  it('re-keys the lists after it that tie at its new place (two made offline at the end), and no more', () => {
    // 3 and 8 were both made after 1, on two devices: the same key, ordered by slot.
    const tied = [entry('1', 'a0'), entry('3', 'a1'), entry('8', 'a1'), entry('5', 'a2')]
    const ranks = ranksForMove(tied, '5', 2)
    expect(ranks.map((rank) => rank.id)).toEqual(['5', '8'])
    expect(after(tied, ranks)).toEqual(['1', '3', '5', '8'])
  })

  it('passes lists with no key (another client wrote none), which sort first', () => {
    const keyless = [entry('6', ''), entry('2', ''), entry('1', 'a0')]
    expect(keyless.sort(byPlace).map(({ id }) => id)).toEqual(['2', '6', '1'])
    const between = ranksForMove(keyless, '1', 1)
    expect(between.map((rank) => rank.id)).toEqual(['1', '6'])
    expect(after(keyless, between)).toEqual(['2', '1', '6'])
    const last = ranksForMove(keyless, '2', 2)
    expect(last.map((rank) => rank.id)).toEqual(['2'])
    expect(after(keyless, last)).toEqual(['6', '1', '2'])
  })
})

describe('listMoved, in the reducer', () => {
  it('takes the ranks given and keeps the lists in their place', () => {
    const { store } = storeWithList()
    store.dispatch(listsSnapshotReceived([entry('1', 'a0'), entry('2', 'a1'), entry('3', 'a2')]))
    store.dispatch(listMoved({ id: '3', ranks: [{ id: '3', rank: 'Zz' }] }))
    expect(names(selectLists(store.getState()))).toEqual(['3', '1', '2'])
    store.dispatch(
      listMoved({
        id: '1',
        ranks: [
          { id: '1', rank: 'a3' },
          { id: '9', rank: 'a4' },
        ],
      }),
    )
    expect(selectLists(store.getState()).map(({ id, rank }) => [id, rank])).toEqual([
      ['3', 'Zz'],
      ['2', 'a1'],
      ['1', 'a3'],
    ])
  })
})

describe('moveList and moveListBy', () => {
  it('move a list to a place or one step, writing its rank alone; past either end nothing moves or is written', async () => {
    const { store, repository } = storeWithList()
    store.dispatch(listsSnapshotReceived([entry('1', 'a0'), entry('2', 'a1'), entry('3', 'a2')]))
    expect(store.dispatch(moveList('1', 2))).toBe(true)
    expect(names(selectLists(store.getState()))).toEqual(['2', '3', '1'])
    expect(store.dispatch(moveListBy('3', -1))).toBe(true)
    expect(names(selectLists(store.getState()))).toEqual(['3', '2', '1'])
    expect(store.dispatch(moveListBy('3', -1))).toBe(false)
    expect(store.dispatch(moveListBy('1', 1))).toBe(false)
    expect(store.dispatch(moveListBy('5', 1))).toBe(false)
    const [first, second] = selectLists(store.getState())
    await vi.waitFor(() => {
      expect(repository.lists.writes).toEqual([
        { kind: 'change', id: '1', fields: { rank: selectLists(store.getState())[2]?.rank } },
        { kind: 'change', id: '3', fields: { rank: first?.rank } },
      ])
    })
    expect(second?.rank).toBe('a1')
  })
})
