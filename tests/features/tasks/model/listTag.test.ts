import { describe, expect, it } from 'vitest'
import { readListTag, type NamedList } from '../../../../src/features/tasks/model/listTag'

// "milk #groceries": which list a text names, and what is left of it, against expectations
// written by hand.

const MY_TASKS: NamedList = { id: null, name: 'My tasks' }
const LISTS: NamedList[] = [
  MY_TASKS,
  { id: '3', name: 'Groceries' },
  { id: '7', name: 'Home' },
  { id: '8', name: 'Home stuff' },
  { id: '12', name: '2024' },
  { id: '15', name: 'Café' },
  { id: '21', name: 'Today' },
  { id: '30', name: 'Groceries' },
]
const FULL: NamedList[] = [
  MY_TASKS,
  ...Array.from({ length: 200 }, (_, i) => ({ id: String(i + 1), name: `List ${String(i + 1)}` })),
]

/** Into one of the lists (its id), or a new one (its name); null: nothing read. */
type Expected = { text: string; phrase: string } & ({ list: string | null } | { make: string })
type Row = [typed: string, expected: Expected | null]

const into = (text: string, phrase: string, list: string | null): Expected => ({
  text,
  phrase,
  list,
})
const make = (text: string, phrase: string, name: string): Expected => ({
  text,
  phrase,
  make: name,
})

const WITH_LISTS: Row[] = [
  ['milk #groceries', into('milk', '#groceries', '3')],
  ['milk #Groceries', into('milk', '#Groceries', '3')],
  ['milk #GROCERIES', into('milk', '#GROCERIES', '3')],
  ['#groceries milk', into('milk', '#groceries', '3')],
  ['buy #groceries oat milk', into('buy oat milk', '#groceries', '3')],
  ['milk #groceries.', into('milk.', '#groceries', '3')],
  ['milk, #groceries', into('milk', '#groceries', '3')],
  ['milk #groceries, eggs', into('milk, eggs', '#groceries', '3')],
  ['(milk #groceries)', into('(milk)', '#groceries', '3')],
  ['milk\t#groceries', into('milk', '#groceries', '3')],
  ['milk #party', make('milk', '#party', 'party')],
  ['milk #Party!', make('milk!', '#Party', 'Party')],
  ['milk #grocery', make('milk', '#grocery', 'grocery')],
  ['milk #groceriesx', make('milk', '#groceriesx', 'groceriesx')],
  ['fix #home stuff tap', into('fix tap', '#home stuff', '8')],
  ['fix tap #HOME STUFF', into('fix tap', '#HOME STUFF', '8')],
  ['fix tap #home', into('fix tap', '#home', '7')],
  ['fix #home stuffing', into('fix stuffing', '#home', '7')],
  ['fix #homestuff', make('fix', '#homestuff', 'homestuff')],
  ['milk #my tasks', into('milk', '#my tasks', null)],
  ['milk #my', make('milk', '#my', 'my')],
  ['report #2024', into('report', '#2024', '12')],
  ['#1 priority', null],
  ['call #42', null],
  ['paint #0f0', null],
  ['call #42 #groceries', into('call #42', '#groceries', '3')],
  ['C# book', null],
  ['see page#2 and issue#home', null],
  ['#groceries', null],
  ['   #groceries  ', null],
  ['#groceries #home', into('#groceries', '#home', '7')],
  ['milk #groceries #party', make('milk #groceries', '#party', 'party')],
  ['milk #', null],
  ['milk # groceries', null],
  ['milk ##groceries', null],
  ['milk #-groceries', null],
  ['milk #🛒', null],
  ['milk #café', into('milk', '#café', '15')],
  ['milk #CAFÉ', into('milk', '#CAFÉ', '15')],
  ['milk #cafe', make('milk', '#cafe', 'cafe')],
  ['milk #épicerie', make('milk', '#épicerie', 'épicerie')],
  ['milk #Покупки', make('milk', '#Покупки', 'Покупки')],
  ['milk #買い物', make('milk', '#買い物', '買い物')],
  ['paint #ff0000', make('paint', '#ff0000', 'ff0000')],
  ['milk #today', into('milk', '#today', '21')],
  ['milk #groceries tomorrow', into('milk tomorrow', '#groceries', '3')],
  ['milk tomorrow #groceries', into('milk tomorrow', '#groceries', '3')],
  ['milk #groceries every monday', into('milk every monday', '#groceries', '3')],
  [`x #${'a'.repeat(100)}`, make('x', `#${'a'.repeat(100)}`, 'a'.repeat(100))],
  [`x #${'a'.repeat(101)}`, null],
  ['milk', null],
  ['', null],
]

const WITHOUT_LISTS: Row[] = [
  ['#1 priority', null],
  ['milk #groceries', null],
  ['milk #my tasks', null],
]

const WITH_200_LISTS: Row[] = [
  ['milk #party', null],
  ['milk #list 7', into('milk', '#list 7', '7')],
  ['milk #list 70', into('milk', '#list 70', '70')],
  ['milk #list 200 now', into('milk now', '#list 200', '200')],
]

const REFUSED: [typed: string, refused: string[], expected: Expected | null][] = [
  ['milk #groceries', ['#groceries'], null],
  ['milk #groceries', ['#GROC'], null],
  ['milk #groceries', ['#groceries list'], null],
  ['milk #home stuff', ['#home stuff'], null],
  ['milk #party #groceries', ['#groceries'], make('milk #groceries', '#party', 'party')],
  ['milk #party #groceries', ['#party'], into('milk #party', '#groceries', '3')],
  ['milk #groceries', ['tomorrow'], into('milk', '#groceries', '3')],
]

/** What the reader found, in the table's terms. */
function reading(typed: string, lists: NamedList[], refused: string[] = []): Expected | null {
  const found = readListTag(typed, lists, refused)
  if (found === null) return null
  expect(typed.slice(found.index, found.index + found.phrase.length)).toBe(found.phrase)
  const { text, phrase, target, name } = found
  if (target.kind === 'new') return { text, phrase, make: name }
  expect(lists.find(({ id }) => id === target.id)?.name).toBe(name)
  return { text, phrase, list: target.id }
}

describe('a list named with # in the text', () => {
  it.each(WITH_LISTS)('with lists, %j', (typed, expected) => {
    expect(reading(typed, LISTS)).toEqual(expected)
  })
  it.each(WITHOUT_LISTS)('with My tasks alone, %j stays text', (typed, expected) => {
    expect(reading(typed, [MY_TASKS])).toEqual(expected)
  })
  it.each(WITH_200_LISTS)('with 200 lists (no room for more), %j', (typed, expected) => {
    expect(reading(typed, FULL)).toEqual(expected)
  })
  it.each(REFUSED)('%j, refused %j', (typed, refused, expected) => {
    expect(reading(typed, LISTS, refused)).toEqual(expected)
  })
  it('two lists of one name: the first in the person’s order', () => {
    expect(readListTag('milk #groceries', LISTS)?.target).toEqual({ kind: 'list', id: '3' })
  })
})
