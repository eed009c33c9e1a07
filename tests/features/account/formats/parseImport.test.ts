import { describe, expect, it } from 'vitest'
import { parseImport, sizeProblem } from '../../../../src/features/account/formats/parseImport'
import { MAX_IMPORT_TASKS } from '../../../../src/features/account/formats/types'
import { fixture } from './fixtures'

/** When Todoist's words are read as of: Saturday 28 Nov 2026, 11:20 where the test runs. */
const NOW = new Date(2026, 10, 28, 11, 20)

/** Reads as the page does, the pauses between slices taken at once. */
const read = (name: string, text: string) => parseImport(name, text, () => Promise.resolve(), NOW)

const tasksOf = async (name: string, text = fixture(name)) => {
  const result = await read(name, text)
  if (!result.ok) throw new Error(`${name}: ${result.problem.kind}`)
  return result
}

/** The texts and states alone. */
const plain = (tasks: { text: string; finished: boolean; deleted?: boolean }[]) =>
  tasks.map(({ text, finished, deleted }) => ({ text, finished, ...(deleted && { deleted }) }))

describe('parseImport', () => {
  it('reads a Google Takeout Tasks.json: every list’s tasks, in the file’s order', async () => {
    const { format, tasks, unreadLines } = await tasksOf('Tasks.json')
    expect(format).toBe('takeout')
    expect(plain(tasks)).toEqual([
      { text: 'Renew the passport', finished: false },
      { text: 'Book the dentist', finished: true },
      { text: '', finished: false },
      { text: 'Return the library books', finished: false, deleted: true },
      { text: 'Plant the tulip bulbs', finished: false },
      { text: 'Rake the leaves', finished: true },
      { text: 'Sharpen the shears', finished: false },
    ])
    expect(unreadLines).toEqual([])
  })

  it('notes what a Takeout task holds beyond its text; notes with no title are its text', async () => {
    const { tasks } = await tasksOf('takeout-details.json')
    // Each names its list, by the list's title.
    expect(tasks.map(({ text, extras, list }) => [text, extras, list])).toEqual([
      ['Renew the passport', { notes: true }, 'My Tasks'],
      ['Fill in form B', { subtask: true }, 'My Tasks'],
      ['Ask Sam about the\nspare keys', { notesAsText: true }, 'My Tasks'],
      ['   ', {}, 'My Tasks'],
      ['Reply to the landlord', { links: true }, 'My Tasks'],
      ['Return the library books', { notes: true }, 'My Tasks'],
      ['Plant the tulip bulbs', { notes: true }, 'Garden'],
      ['Buy bulb fertiliser', { subtask: true }, 'Garden'],
      ['Descale the kettle', {}, 'Home'],
    ])
    // Its due: the day Google Tasks shows (the time, midnight UTC, means nothing).
    expect(tasks.map(({ fields }) => fields?.due)).toEqual([
      '2026-12-01',
      '2026-11-28',
      ...Array<undefined>(4),
      '2026-11-30',
      ...Array<undefined>(2),
    ])
  })

  it('reads a Todoist CSV: the rows of TYPE task, their CONTENT, all open', async () => {
    const { format, tasks } = await tasksOf('todoist.csv')
    expect(format).toBe('todoist')
    expect(plain(tasks)).toEqual([
      { text: 'Descale the kettle', finished: false },
      { text: 'Buy bread, eggs and "good" coffee', finished: false },
      { text: 'Send the invoice @work', finished: false },
      { text: '   ', finished: false },
    ])
  })

  it('notes what a Todoist task holds beyond its content, and says each line it cannot read', async () => {
    const { tasks, unreadLines } = await tasksOf('todoist-details.csv')
    expect(tasks.map(({ text, extras }) => [text, extras])).toEqual([
      ['Water the ferns', {}],
      ['Descale the kettle', { group: 0, notes: true }],
      ['Buy bread', { group: 0, priority: true }],
      // A comment ("note") is on the task above it.
      ['Get the seeded loaf', { group: 0, subtask: true, notes: true }],
      // Line 10's quote is not closed where it should be: the rows after it are still read.
      ['Wipe the hob', { group: 0 }],
      ['Sort the cutlery drawer', { group: 0, priority: true }],
      ['Send the invoice @work', { group: 1, deadline: true, priority: true }],
      // Line 16 has a field too many (an unquoted comma).
      ['Renew the domain name', { group: 1, notesAsText: true }],
      ['Back up the laptop', { group: 1, subtask: true }],
    ])
    expect(unreadLines).toEqual([10, 16])
    // Its DATE: "every month" starts today and keeps its repeat; "Dec 2 2026" is that day.
    expect(tasks.map(({ fields, date }) => [fields?.due, date])).toEqual([
      [undefined, undefined],
      ['2026-11-28', 'repeats'],
      ['2026-12-02', undefined],
      ...Array.from({ length: 6 }, () => [undefined, undefined]),
    ])
  })

  it.each([
    ['a quote not closed where it should be', 'task,"Buy "good" coffee,4'],
    ['a quote never closed', 'task,"Buy coffee,4'],
    ['a field too many', 'task,Buy coffee, beans,4'],
    ['a type this app does not know', 'tsak,Buy coffee,4'],
  ])('a row with %s is said by its line, and the rows after it are read', async (_, bad) => {
    const text = ['TYPE,CONTENT,PRIORITY', 'task,One,4', bad, 'task,Two,4', '', 'task,Three,4']
    const { tasks, unreadLines } = await tasksOf('todoist.csv', text.join('\r\n'))
    expect(tasks.map(({ text }) => text)).toEqual(['One', 'Two', 'Three'])
    expect(unreadLines).toEqual([3])
  })

  it('counts lines in files with any line ends, a field over two lines included', async () => {
    for (const end of ['\n', '\r\n', '\r']) {
      const text = ['id,text,finished', 'a,"Two', 'lines",false', 'b,"x"y,false', 'c,Fine,true']
      const { tasks, unreadLines } = await tasksOf('t.csv', text.join(end))
      expect(tasks.map(({ text }) => text)).toEqual([`Two${end}lines`, 'Fine'])
      expect(unreadLines).toEqual([4])
    }
  })

  it('reads this app’s JSON, in the order of the places', async () => {
    const shuffled = JSON.stringify({
      format: 'todo-tasks',
      version: 1,
      tasks: [
        { id: 'b', text: 'Second', finished: true, place: 2 },
        { id: 'a', text: 'First', finished: false, place: 1 },
      ],
    })
    expect((await tasksOf('todo-tasks-2026-11-27.json')).tasks).toEqual([
      { text: 'Water the plants', finished: false },
      { text: 'Call the plumber', finished: false },
      { text: 'Buy oat milk', finished: true },
    ])
    expect((await tasksOf('export.json', shuffled)).tasks.map(({ text }) => text)).toEqual([
      'First',
      'Second',
    ])
  })

  it('reads this app’s CSV, a text kept from spreadsheets’ formulas as it was', async () => {
    const { format, tasks } = await tasksOf('todo-tasks-2026-11-27.csv')
    expect(format).toBe('csv')
    expect(tasks).toEqual([
      { text: 'Water the plants', finished: false },
      { text: 'Call the plumber, then the electrician', finished: false },
      { text: '=1+1 is two', finished: false },
      { text: 'Buy oat milk', finished: true },
    ])
  })

  it('leaves out a row of this app’s CSV with no "finished", and says its line', async () => {
    const text = 'id,text,finished,place\r\na,A,false,1\r\nb,B,maybe,2\r\nc,C,true,3\r\n'
    const { tasks, unreadLines } = await tasksOf('list.csv', text)
    expect(tasks.map(({ text }) => text)).toEqual(['A', 'C'])
    expect(unreadLines).toEqual([3])
  })

  it('tells the format by the content when the name does not say it', async () => {
    expect((await tasksOf('Tasks', fixture('Tasks.json'))).format).toBe('takeout')
    expect((await tasksOf('export', fixture('todoist.csv'))).format).toBe('todoist')
    const bom = '\uFEFF' + fixture('todo-tasks-2026-11-27.json')
    expect((await tasksOf('tasks.JSON', bom)).format).toBe('json')
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
      'id,text,finished,place\r\na,A,maybe,1\r\nb,B,,2\r\n',
      { kind: 'wrong-shape', what: 'line 2 has no "finished" (true or false)' },
    ],
  ])('refuses %s, naming what is wrong', async (name, text, problem) => {
    expect(await read(name, text)).toEqual({ ok: false, problem })
  })

  it('refuses more than 20,000 tasks, and a file over 10 MB before reading it', async () => {
    const rows = Array.from({ length: MAX_IMPORT_TASKS + 1 }, (_, i) => `t${String(i)},T,false,`)
    expect(await read('many.csv', ['id,text,finished,place', ...rows].join('\n'))).toEqual({
      ok: false,
      problem: { kind: 'too-many', count: MAX_IMPORT_TASKS + 1 },
    })
    const exactly = ['id,text,finished,place', ...rows.slice(1)].join('\n')
    expect((await read('many.csv', exactly)).ok).toBe(true)
    expect(sizeProblem(10_000_001)).toEqual({ kind: 'too-large', bytes: 10_000_001 })
    expect(sizeProblem(10_000_000)).toBeNull()
  })

  it('reads a long CSV in slices, pausing between them, and misses no row', async () => {
    let pauses = 0
    const rows = Array.from({ length: 20_000 }, (_, i) => `t${String(i)},Task ${String(i)},false,`)
    const result = await parseImport(
      'long.csv',
      ['id,text,finished,place', ...rows].join('\r\n'),
      () => {
        pauses++
        return new Promise((resolve) => setTimeout(resolve, 0))
      },
    )
    if (!result.ok) throw new Error(result.problem.kind)
    expect(result.tasks.map(({ text }) => text)).toEqual(rows.map((_, i) => `Task ${String(i)}`))
    expect(result.unreadLines).toEqual([])
    expect(pauses).toBeGreaterThan(0)
  })
})
