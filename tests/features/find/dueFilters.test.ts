import { afterEach, describe, expect, it } from 'vitest'
import {
  filterChanged,
  findTyped,
  selectFilterCount,
  selectShownIds,
  selectTodayIds,
  selectUpcomingIds,
  type Filter,
} from '../../../src/features/find/findSlice'
import { dayBegan, zoneChanged } from '../../../src/features/tasks/model/day'
import { dueOfParts } from '../../../src/features/tasks/model/due'
import { FINISHED_ORDER_BASE } from '../../../src/features/tasks/model/ordering'
import { taskAdded } from '../../../src/features/tasks/model/tasksSlice'
import type { Task } from '../../../src/services/types'
import { changed, EMAIL, snapshotOf, storedTask, storeWithList } from '../../support/store'

// Today and Upcoming with a real store: which open tasks each holds, in which order, how many,
// and how they follow the day, a keystroke and a change.

const TODAY = '2026-11-28'
const dated = (id: string, due: string | null, isFinished = false, order = 0): Task => ({
  ...storedTask(id, isFinished, isFinished ? FINISHED_ORDER_BASE + order : order),
  due,
})
/** 17:00 here on `day`, as an instant: the device's zone, whatever it is. */
const at = (day: string, hour: number, minute = 0) => {
  const [year = 0, month = 0, date = 0] = day.split('-').map(Number)
  return dueOfParts({ year, month, day: date, hour, minute })
}

// In list order (the person's own): open ones, then finished ones.
const list = () => [
  dated('tomorrow', '2026-11-29', false, 0),
  dated('undated', null, false, 1),
  dated('today-at-5', at(TODAY, 17), false, 2),
  dated('overdue', '2026-11-20', false, 3),
  dated('today', TODAY, false, 4),
  dated('today-at-9', at(TODAY, 9), false, 5),
  dated('next-year', '2027-01-03', false, 6),
  dated('tomorrow-too', '2026-11-29', false, 7),
  dated('done-overdue', '2026-11-01', true, 8),
  dated('done-today', TODAY, true, 9),
]

function storeOn(tasks = list()) {
  const { store } = storeWithList(tasks)
  store.dispatch(dayBegan(TODAY))
  return store
}

describe('Today', () => {
  it('holds the open tasks due today or overdue, soonest first; not finished, future or undated ones', () => {
    const store = storeOn()
    expect(selectTodayIds(store.getState())).toEqual([
      'overdue',
      'today',
      'today-at-9',
      'today-at-5',
    ])
  })

  it('turns with the day: tomorrow’s tasks join it when the day begins', () => {
    const store = storeOn()
    store.dispatch(dayBegan('2026-11-29'))
    expect(selectTodayIds(store.getState())).toEqual([
      'overdue',
      'today',
      'today-at-9',
      'today-at-5',
      'tomorrow',
      'tomorrow-too',
    ])
  })
})

describe('a device carried to another zone', () => {
  const zone = process.env.TZ
  afterEach(() => {
    // An unset TZ stays unset: `process.env.TZ = undefined` would name a zone "undefined".
    if (zone === undefined) delete process.env.TZ
    else process.env.TZ = zone
  })

  it('reads a timed task’s day in the new zone once the page sees it', () => {
    process.env.TZ = 'Europe/London'
    // 23:30 in London on 28 Nov is 12:30 on 29 Nov in Auckland.
    const late = dated('late', '2026-11-28T23:30:00.000Z')
    const store = storeOn([late, dated('day', TODAY, false, 1)])
    expect(selectTodayIds(store.getState())).toEqual(['day', 'late'])

    process.env.TZ = 'Pacific/Auckland'
    store.dispatch(zoneChanged({ today: TODAY, zone: 'Pacific/Auckland' }))
    expect(selectTodayIds(store.getState())).toEqual(['day'])
    expect(selectUpcomingIds(store.getState())).toEqual(['day', 'late'])
  })
})

describe('Upcoming', () => {
  it('holds every open task with a date, soonest first, a day before its times, ties in list order', () => {
    const store = storeOn()
    expect(selectUpcomingIds(store.getState())).toEqual([
      'overdue',
      'today',
      'today-at-9',
      'today-at-5',
      'tomorrow',
      'tomorrow-too',
      'next-year',
    ])
  })
})

describe('the filters with dates', () => {
  it('counts each filter, whatever is typed', () => {
    const store = storeOn()
    store.dispatch(findTyped('zebra'))
    const counts = Object.fromEntries(
      (['all', 'open', 'finished', 'today', 'upcoming'] as Filter[]).map((filter) => [
        filter,
        selectFilterCount(store.getState(), filter),
      ]),
    )
    expect(counts).toEqual({ all: 10, open: 8, finished: 2, today: 4, upcoming: 7 })
  })

  it('never reorders All, Open or Finished by date: the person’s own order', () => {
    const store = storeOn()
    const ids = list().map(({ id }) => id)
    expect(selectShownIds(store.getState())).toEqual(ids)
    store.dispatch(filterChanged('open'))
    expect(selectShownIds(store.getState())).toEqual(ids.slice(0, 8))
    store.dispatch(filterChanged('finished'))
    expect(selectShownIds(store.getState())).toEqual(ids.slice(8))
  })

  it('combines Today and Upcoming with the words typed, in their order', () => {
    const store = storeOn([
      { ...dated('b', TODAY, false, 0), task: 'Buy oat milk' },
      { ...dated('a', '2026-11-01', false, 1), task: 'Buy bread' },
      { ...dated('c', '2026-12-01', false, 2), task: 'Buy eggs' },
      { ...dated('d', TODAY, false, 3), task: 'Call Chloé' },
    ])
    store.dispatch(filterChanged('today'))
    store.dispatch(findTyped('buy'))
    expect(selectShownIds(store.getState())).toEqual(['a', 'b'])
    store.dispatch(filterChanged('upcoming'))
    expect(selectShownIds(store.getState())).toEqual(['a', 'b', 'c'])
  })

  it('keeps the same arrays over a keystroke: Today and Upcoming are not worked out again', () => {
    const store = storeOn()
    store.dispatch(filterChanged('today'))
    const today = selectTodayIds(store.getState())
    const upcoming = selectUpcomingIds(store.getState())
    const shown = selectShownIds(store.getState())
    expect(shown).toBe(today)
    store.dispatch(findTyped('task'))
    store.dispatch(findTyped('task '))
    expect(selectTodayIds(store.getState())).toBe(today)
    expect(selectUpcomingIds(store.getState())).toBe(upcoming)
    expect(selectShownIds(store.getState())).toEqual(today)
  })
})

describe('a task out of Today or Upcoming is never silently lost', () => {
  it('shows a task added due today in Today, and says when one added is due later', () => {
    const store = storeOn()
    store.dispatch(filterChanged('today'))
    const fields = {
      task: 'Water plants',
      isFinished: false,
      email: EMAIL,
      order: 8,
      rank: null,
      repeat: null,
      list: null,
    }
    store.dispatch(taskAdded({ ...fields, due: TODAY }))
    expect(store.getState().find.hidden).toBeNull()
    expect(selectShownIds(store.getState())).toHaveLength(5)

    store.dispatch(taskAdded({ ...fields, task: 'Pay rent', order: 9, due: '2026-12-01' }))
    expect(store.getState().find.hidden).toMatchObject({
      text: 'Pay rent',
      added: true,
      by: 'today',
    })
  })

  it('says when a task’s date changes out of Today, or is cleared out of Upcoming', () => {
    const store = storeOn()
    store.dispatch(filterChanged('today'))
    const today = list().find(({ id }) => id === 'today') ?? dated('today', TODAY)
    store.dispatch(snapshotOf([changed({ ...today, due: '2026-12-24' })]))
    expect(store.getState().find.hidden).toMatchObject({ id: 'today', added: false, by: 'today' })

    store.dispatch(filterChanged('upcoming'))
    store.dispatch(snapshotOf([changed({ ...today, due: null })]))
    expect(store.getState().find.hidden).toMatchObject({ id: 'today', by: 'upcoming' })
  })
})
