import { describe, expect, it } from 'vitest'
import {
  filterChanged,
  findAllListsChanged,
  findTyped,
  selectShownIds,
} from '../../../src/features/find/findSlice'
import { FINISHED_ORDER_BASE } from '../../../src/features/tasks/model/ordering'
import { taskTextSaved, tasksCleared } from '../../../src/features/tasks/model/tasksSlice'
import { storedTask, storeWithList } from '../../support/store'

const list = () => [
  storedTask('a', false, 0, 'Buy oat milk'),
  storedTask('b', false, 1, 'Call Chloé'),
  storedTask('c', true, FINISHED_ORDER_BASE, 'Buy bread'),
]

describe('selectShownIds', () => {
  it('is the list itself while nothing is typed and the filter is All', () => {
    const { store } = storeWithList(list())
    const state = store.getState()
    expect(selectShownIds(state)).toBe(state.tasks.ids)
  })

  it('combines the words typed with the filter', () => {
    const { store } = storeWithList(list())
    store.dispatch(findTyped('buy'))
    expect(selectShownIds(store.getState())).toEqual(['a', 'c'])
    store.dispatch(filterChanged('finished'))
    expect(selectShownIds(store.getState())).toEqual(['c'])
    store.dispatch(findTyped(''))
    store.dispatch(filterChanged('open'))
    expect(selectShownIds(store.getState())).toEqual(['a', 'b'])
  })

  it('stays the same array while the tasks shown are the same', () => {
    const { store } = storeWithList(list())
    store.dispatch(findTyped('buy'))
    const shown = selectShownIds(store.getState())
    // A hidden task changes, and a shown one changes but still matches: the same rows.
    store.dispatch(taskTextSaved({ id: 'b', task: 'Call Chloé again' }))
    store.dispatch(taskTextSaved({ id: 'a', task: 'Buy more oat milk' }))
    expect(selectShownIds(store.getState())).toBe(shown)
    store.dispatch(findTyped('buy '))
    expect(selectShownIds(store.getState())).toBe(shown)
  })
})

describe('the find state', () => {
  it('forgets the search at sign-out, and keeps the filter, which is in the URL', () => {
    const { store } = storeWithList(list())
    store.dispatch(findTyped('milk'))
    store.dispatch(filterChanged('open'))
    store.dispatch(findAllListsChanged(true))
    store.dispatch(tasksCleared())
    expect(store.getState().find).toEqual({
      query: '',
      filter: 'open',
      allLists: false,
      hidden: null,
    })
  })
})
