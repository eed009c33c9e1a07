import { describe, expect, it } from 'vitest'
import { parseImport, sizeProblem } from '../../../../src/features/account/formats/parseImport'
import { MAX_IMPORT_TASKS } from '../../../../src/features/account/formats/types'
import { fixture } from './fixtures'

const tasksOf = (name: string, text = fixture(name)) => {
  const result = parseImport(name, text)
  if (!result.ok) throw new Error(`${name}: ${result.problem.kind}`)
  return result
}

describe('parseImport', () => {
  it('reads a Google Takeout Tasks.json: every list’s tasks, in the file’s order', () => {
    const { format, tasks } = tasksOf('Tasks.json')
    expect(format).toBe('takeout')
    expect(tasks).toEqual([
      { text: 'Renew the passport', finished: false },
      { text: 'Book the dentist', finished: true },
      { text: '', finished: false },
      { text: 'Return the library books', finished: false, deleted: true },
      { text: 'Plant the tulip bulbs', finished: false },
      { text: 'Rake the leaves', finished: true },
      { text: 'Sharpen the shears', finished: false },
    ])
  })

  it('reads a Todoist CSV: the rows of TYPE task, their CONTENT, all open', () => {
    const { format, tasks } = tasksOf('todoist.csv')
    expect(format).toBe('todoist')
    expect(tasks).toEqual([
      { text: 'Descale the kettle', finished: false },
      { text: 'Buy bread, eggs and "good" coffee', finished: false },
      { text: 'Send the invoice @work', finished: false },
      { text: '   ', finished: false },
    ])
  })

  it('reads this app’s JSON, in the order of the places', () => {
    const shuffled = JSON.stringify({
      format: 'todo-tasks',
      version: 1,
      tasks: [
        { id: 'b', text: 'Second', finished: true, place: 2 },
        { id: 'a', text: 'First', finished: false, place: 1 },
      ],
    })
    expect(tasksOf('todo-tasks-2026-11-27.json').tasks).toEqual([
      { text: 'Water the plants', finished: false },
      { text: 'Call the plumber', finished: false },
      { text: 'Buy oat milk', finished: true },
    ])
    expect(tasksOf('export.json', shuffled).tasks.map(({ text }) => text)).toEqual([
      'First',
      'Second',
    ])
  })

  it('reads this app’s CSV, a text kept from spreadsheets’ formulas as it was', () => {
    const { format, tasks } = tasksOf('todo-tasks-2026-11-27.csv')
    expect(format).toBe('csv')
    expect(tasks).toEqual([
      { text: 'Water the plants', finished: false },
      { text: 'Call the plumber, then the electrician', finished: false },
      { text: '=1+1 is two', finished: false },
      { text: 'Buy oat milk', finished: true },
    ])
  })

  it('tells the format by the content when the name does not say it', () => {
    expect(tasksOf('Tasks', fixture('Tasks.json')).format).toBe('takeout')
    expect(tasksOf('export', fixture('todoist.csv')).format).toBe('todoist')
    expect(tasksOf('tasks.JSON', '\uFEFF' + fixture('todo-tasks-2026-11-27.json')).format).toBe(
      'json',
    )
  })

  it.each([
    ['not-tasks.png', fixture('not-tasks.png'), { kind: 'not-json-or-csv' }],
    ['notes.txt', 'Bread\nMilk\n', { kind: 'not-json-or-csv' }],
    ['broken.json', fixture('broken.json'), { kind: 'invalid-json' }],
    [
      'wrong-shape.json',
      fixture('wrong-shape.json'),
      {
        kind: 'wrong-shape',
        what: 'it is neither an export of this app nor Google Tasks’ Tasks.json',
      },
    ],
    ['list.json', '["Bread"]', { kind: 'wrong-shape', what: expect.any(String) as string }],
    ['newer-version.json', fixture('newer-version.json'), { kind: 'newer-version', version: 2 }],
    [
      'unknown-columns.csv',
      fixture('unknown-columns.csv'),
      {
        kind: 'wrong-shape',
        what: 'its columns are neither this app’s (text, finished) nor Todoist’s (TYPE, CONTENT)',
      },
    ],
    [
      'no-text.json',
      '{"format":"todo-tasks","version":1,"tasks":[{"text":"A","finished":false},{"finished":true}]}',
      { kind: 'wrong-shape', what: 'task 2 has no text' },
    ],
    [
      'no-status.json',
      '{"kind":"tasks#taskLists","items":[{"title":"L","items":[{"title":"A"}]}]}',
      { kind: 'wrong-shape', what: 'task 1 of list 1 has no status' },
    ],
    [
      'bad-finished.csv',
      'id,text,finished,place\r\na,A,maybe,1\r\n',
      { kind: 'wrong-shape', what: 'row 2 has no "finished" (true or false)' },
    ],
    [
      'open-quote.csv',
      'id,text,finished,place\r\na,"A,false,1\r\n',
      { kind: 'invalid-csv', row: 2 },
    ],
  ])('refuses %s, naming what is wrong', (name, text, problem) => {
    expect(parseImport(name, text)).toEqual({ ok: false, problem })
  })

  it('refuses more than 20,000 tasks, and a file over 10 MB before reading it', () => {
    const rows = Array.from({ length: MAX_IMPORT_TASKS + 1 }, (_, i) => `t${String(i)},T,false,`)
    expect(parseImport('many.csv', ['id,text,finished,place', ...rows].join('\n'))).toEqual({
      ok: false,
      problem: { kind: 'too-many', count: MAX_IMPORT_TASKS + 1 },
    })
    const exactly = ['id,text,finished,place', ...rows.slice(1)].join('\n')
    expect(parseImport('many.csv', exactly).ok).toBe(true)
    expect(sizeProblem(10_000_001)).toEqual({ kind: 'too-large', bytes: 10_000_001 })
    expect(sizeProblem(10_000_000)).toBeNull()
  })
})
