import { describe, expect, it } from 'vitest'
import { keptListName, planLists } from '../../../../src/features/account/formats/listPlan'
import { parseImport } from '../../../../src/features/account/formats/parseImport'
import { previewImport } from '../../../../src/features/account/formats/preview'
import { projectOfFile } from '../../../../src/features/account/formats/todoist'
import type { FileTask } from '../../../../src/features/account/formats/types'
import { fullLine, listItems } from '../../../../src/features/account/importListWords'
import { notKeptItems, skippedReasons } from '../../../../src/features/account/importWords'
import type { ListEntry } from '../../../../src/services/types'
import { storedTask } from '../../../support/store'
import { fixture } from './fixtures'

// Which of the person's lists the lists a file names become (formats/listPlan.ts), and what the
// Import dialog says of them.

const now = () => Promise.resolve()
const list = (id: string, name: string): ListEntry => ({ id, name, rank: `a${id}`, made: 'm' })
/** `n` lists of the person's, "List 1" to "List n". */
const many = (n: number) => Array.from({ length: n }, (_, i) => list(String(i + 1), `List ${i}`))

async function previewOf(name: string, text: string, yours: ListEntry[] = [], existing = []) {
  const parsed = await parseImport(name, text, now)
  if (!parsed.ok) throw new Error(parsed.problem.kind)
  return { preview: await previewImport(parsed, existing, now, yours), format: parsed.format }
}

describe('the lists of an import', () => {
  it('a 3-list Takeout file: its My Tasks is My tasks, its other two lists are made', async () => {
    const { preview, format } = await previewOf('Tasks.json', fixture('takeout-lists.json'), [
      list('5', 'Garden'),
    ])
    expect(preview.tasks.map(({ text, list: to }) => [text, to])).toEqual([
      ['Renew the passport', undefined],
      ['Book the dentist', undefined],
      ['Send the invoice', 'Work'],
      ['Write the report', 'Work'],
      ['Book the meeting room', 'Work'],
      ['Oat milk', 'Groceries'],
      ['Bread', 'Groceries'],
      ['Coffee beans', 'Groceries'],
      ['Apples', 'Groceries'],
    ])
    expect(listItems(preview)).toEqual([
      'My tasks: 2 tasks',
      'Work (new list): 3 tasks',
      'Groceries (new list): 4 tasks',
    ])
    // The lists are kept: nothing says they are not (it said "3 lists not kept" before).
    expect(notKeptItems(preview, format)).toEqual([])
    expect(fullLine(preview)).toBeNull()
  })

  it('matches a list by name, trimmed and whatever the case; "my tasks" is My tasks', () => {
    const plan = planLists(
      ['  work ', 'WORK', 'Home\nand garden', 'my TASKS', '', '   ', 'Trips'],
      [list('3', 'Work'), list('9', 'Trips')],
    )
    expect(plan.lists).toEqual([
      { kind: 'yours', name: 'Work', id: '3' },
      { kind: 'new', name: 'Home and garden' },
      { kind: 'yours', name: 'Trips', id: '9' },
    ])
    expect(plan.of('work')).toEqual(plan.lists[0])
    expect(plan.of(' home AND garden ')).toEqual(plan.lists[1])
    for (const mine of ['My Tasks', 'my tasks', '', '  ', undefined])
      expect(plan.of(mine)).toBeNull()
  })

  it('a name is one line, cut to 100 characters, never through a character', () => {
    expect(keptListName(' Two\r\nlines ')).toBe('Two lines')
    expect(keptListName('x'.repeat(150))).toBe('x'.repeat(100))
    // A character written as two code units, where the 100th falls, goes whole.
    expect(keptListName(`${'x'.repeat(99)}😀 and more`)).toBe('x'.repeat(99))
    expect(keptListName('\u200B')).toBeNull()
  })

  it('a task already in the list it goes to is left out, and only there', async () => {
    const tasks: FileTask[] = [
      { text: 'Bread', finished: false, list: 'groceries' },
      { text: 'Bread', finished: false },
      { text: 'Milk', finished: false, list: 'Groceries' },
    ]
    const existing = [{ ...storedTask('a', false, 0, 'Bread'), list: '2' }]
    const preview = await previewImport({ format: 'json', tasks, unreadLines: [] }, existing, now, [
      list('2', 'Groceries'),
    ])
    expect(preview.tasks).toEqual([
      { text: 'Bread', finished: false },
      { text: 'Milk', finished: false, list: 'Groceries' },
    ])
    expect(listItems(preview)).toEqual(['My tasks: 1 task', 'Groceries (your list): 1 task'])
    expect(skippedReasons(preview)).toEqual(['1 already in the list it would go to'])
  })

  it('past 200 lists, the lists beyond are not made and their tasks go to My tasks, said', async () => {
    const names = ['Alpha', 'Beta', 'Gamma', 'Delta', 'Epsilon', 'Zeta']
    const tasks = names.map((name): FileTask => ({
      text: `Task of ${name}`,
      finished: false,
      list: name,
    }))
    // "Milk" is in My tasks: a list that cannot be made is checked against My tasks.
    tasks.push({ text: 'Milk', finished: false, list: 'Zeta' })
    const existing = [storedTask('a', false, 0, 'Milk')]
    const preview = await previewImport(
      { format: 'json', tasks, unreadLines: [], lists: [...names, 'Empty'] },
      existing,
      now,
      many(198),
    )
    expect(preview.lists.map(({ kind, name, tasks: n }) => [kind, name, n])).toEqual([
      ['new', 'Alpha', 1],
      ['new', 'Beta', 1],
      ['full', 'Gamma', 1],
      ['full', 'Delta', 1],
      ['full', 'Epsilon', 1],
      ['full', 'Zeta', 1],
      ['full', 'Empty', 0],
    ])
    expect(preview.tasks.map(({ list: to }) => to)).toEqual([
      'Alpha',
      'Beta',
      ...Array<undefined>(4),
    ])
    expect(preview.myTasks).toBe(4)
    expect(skippedReasons(preview)).toEqual(['1 already in the list it would go to'])
    expect(listItems(preview)).toEqual([
      'My tasks: 4 tasks',
      'Alpha (new list): 1 task',
      'Beta (new list): 1 task',
    ])
    expect(fullLine(preview)).toBe(
      'At most 200 lists can be kept, so 5 lists are not made (“Gamma”, “Delta”, “Epsilon” and 2 more): their 4 tasks go to My tasks.',
    )
    const one = await previewImport(
      { format: 'json', tasks: tasks.slice(0, 1), unreadLines: [] },
      [],
      now,
      many(200),
    )
    expect(fullLine(one)).toBe(
      'At most 200 lists can be kept, so “Alpha” is not made: its 1 task goes to My tasks.',
    )
  })

  it('a file with no list named says nothing of lists', async () => {
    const { preview } = await previewOf(
      'todo-tasks-2026-11-27.json',
      fixture('todo-tasks-2026-11-27.json'),
    )
    expect(preview.lists).toEqual([])
    expect(listItems(preview)).toEqual([])
  })
})

describe('a Todoist CSV', () => {
  it.each([
    ['Groceries.csv', 'Groceries'],
    ['Groceries.CSV', 'Groceries'],
    ['Work [2203306141].csv', 'Work'],
    ['Q3 [draft].csv', 'Q3 [draft]'],
    ['export', 'export'],
  ])('%s is the project %s', (file, project) => {
    expect(projectOfFile(file)).toBe(project)
  })

  it('becomes the list named after its file, matched when the person has one', async () => {
    const csv = 'TYPE,CONTENT\r\ntask,Oat milk\r\ntask,Bread\r\n'
    const fresh = await previewOf('Groceries [2203306141].csv', csv)
    expect(fresh.preview.tasks.map(({ list: to }) => to)).toEqual(['Groceries', 'Groceries'])
    expect(listItems(fresh.preview)).toEqual(['Groceries (new list): 2 tasks'])
    const theirs = await previewOf('groceries.csv', csv, [list('4', 'Groceries')])
    expect(listItems(theirs.preview)).toEqual(['Groceries (your list): 2 tasks'])
  })
})
