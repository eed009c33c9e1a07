import { describe, expect, it } from 'vitest'
import { toCsv, toJson } from '../../../../src/features/account/formats/ourFormat'
import { parseImport } from '../../../../src/features/account/formats/parseImport'
import { previewImport } from '../../../../src/features/account/formats/preview'
import { datesLines, notKeptItems } from '../../../../src/features/account/importWords'
import { newTask } from '../../../../src/services/taskDocument'
import type { Task } from '../../../../src/services/types'
import { fixture } from './fixtures'

// Due dates through export and import: this app's files keep `due` as stored; Takeout's `due`
// and Todoist's DATE become one.

/** Saturday 28 Nov 2026, 11:20 where the test runs. */
const NOW = new Date(2026, 10, 28, 11, 20)
const now = () => Promise.resolve()
const at = (month: number, day: number, hour: number, minute = 0) =>
  new Date(2026, month - 1, day, hour, minute).toISOString()

const task = (id: string, text: string, due: string | null, isFinished = false): Task =>
  newTask({ id, task: text, isFinished, email: 'ada@example.com', order: 0, due })

async function previewOf(name: string, text = fixture(name)) {
  const parsed = await parseImport(name, text, now, NOW)
  if (!parsed.ok) throw new Error(parsed.problem.kind)
  return { preview: await previewImport(parsed, [], now), format: parsed.format }
}

const repeatsOf = (tasks: { text: string; fields?: { repeat?: string | null } | undefined }[]) =>
  tasks.flatMap(({ text, fields }) => (fields?.repeat ? [[text, fields.repeat]] : []))
const duesOf = (tasks: { text: string; fields?: { due?: string | null } | undefined }[]) =>
  tasks.map(({ text, fields }) => [text, fields?.due])

describe('this app’s files carry the due date', () => {
  const list = [
    task('a', 'Post the cards', '2026-12-03'),
    task('b', 'Call the bank', '2026-12-03T17:00:00.000Z'),
    task('c', 'Water the ferns', null),
    task('d', 'Book the dentist', '2026-11-20', true),
  ]

  it('JSON: as stored, on the tasks that have one', () => {
    const { tasks } = JSON.parse(toJson(list, NOW)) as { tasks: Record<string, unknown>[] }
    expect(tasks.map((row) => row.due)).toEqual([
      '2026-12-03',
      '2026-12-03T17:00:00.000Z',
      undefined,
      '2026-11-20',
    ])
  })

  it('CSV: a due column, empty for a task without one', () => {
    expect(toCsv(list).split('\r\n')).toEqual([
      'id,text,finished,place,due',
      'a,Post the cards,false,1,2026-12-03',
      'b,Call the bank,false,2,2026-12-03T17:00:00.000Z',
      'c,Water the ferns,false,3,',
      'd,Book the dentist,true,4,2026-11-20',
      '',
    ])
  })

  it('a list without dates is written as before: no due at all', () => {
    const plain = [task('a', 'Water the ferns', null)]
    expect(toCsv(plain).split('\r\n')[0]).toBe('id,text,finished,place')
    expect(toJson(plain, NOW)).not.toContain('due')
  })

  it.each(['json', 'csv'] as const)(
    '%s round trip: every day and every time comes back',
    async (format) => {
      const text = format === 'json' ? toJson(list, NOW) : toCsv(list)
      const { preview } = await previewOf(`export.${format}`, text)
      expect(duesOf(preview.tasks)).toEqual(list.map(({ task: t, due }) => [t, due ?? undefined]))
      expect(preview.dates).toEqual({ unread: 0, repeated: 0, repeats: 0, unreadRepeats: 0 })
    },
  )

  it('a file of ours with a due that is no date reads the task without one, and says so', async () => {
    const csv = 'id,text,finished,place,due\r\na,A,false,1,next week\r\nb,B,false,2,2026-02-30\r\n'
    const { preview } = await previewOf('export.csv', csv)
    expect(duesOf(preview.tasks)).toEqual([
      ['A', undefined],
      ['B', undefined],
    ])
    expect(datesLines(preview)).toEqual([
      '2 dates could not be understood: their tasks are added without a date.',
    ])
  })

  it.each([
    [
      'json',
      (repeat: string) =>
        JSON.stringify({
          format: 'todo-tasks',
          version: 1,
          tasks: [{ text: 'A', finished: false, due: '2026-12-03', repeat }],
        }),
    ],
    [
      'csv',
      (repeat: string) =>
        `id,text,finished,place,due,repeat\r\na,A,false,1,2026-12-03,"${repeat}"\r\n`,
    ],
  ] as const)(
    'a file of ours (%s) with a repeat this app does not keep: added without it, and said',
    async (format, file) => {
      for (const repeat of [
        'FREQ=SECONDLY',
        'FREQ=DAILY;COUNT=5',
        'RRULE:FREQ=DAILY',
        'freq=daily',
        'FREQ=DAILY ',
        'every monday',
      ]) {
        const { preview } = await previewOf(`export.${format}`, file(repeat))
        expect(repeatsOf(preview.tasks), repeat).toEqual([])
        expect(duesOf(preview.tasks)).toEqual([['A', '2026-12-03']])
        expect(datesLines(preview), repeat).toEqual([
          '1 repeat is not one this app reads: its task is added without it.',
        ])
      }
    },
  )
})

describe('Google Tasks’ Takeout', () => {
  it('gives each task the day Google Tasks shows; a due it cannot read is said', async () => {
    const { preview, format } = await previewOf('takeout-due.json')
    expect(duesOf(preview.tasks)).toEqual([
      ['Renew the passport', '2026-12-03'],
      ['Post the cards', '2026-11-28'],
      ['Pay the deposit', '2027-01-15'],
      ['Water the ferns', undefined],
      ['Fix the gate', undefined],
      ['Book the dentist', '2026-11-20'],
    ])
    expect(preview.dates).toEqual({ unread: 1, repeated: 0, repeats: 0, unreadRepeats: 0 })
    expect(datesLines(preview)).toEqual([
      '1 date could not be understood: its task is added without a date.',
    ])
    // A date is kept now: it is not among what is left behind.
    expect(notKeptItems(preview, format)).toEqual([])
  })
})

describe('Todoist’s DATE', () => {
  it('is read as of the import: days, times, repeating ones, and one not understood', async () => {
    const { preview, format } = await previewOf('todoist-dates.csv')
    expect(duesOf(preview.tasks)).toEqual([
      ['Buy bread', '2026-12-03'],
      ['Call the bank', at(12, 3, 17)],
      ['Renew the insurance', '2026-11-29'],
      ['Water the plants', '2026-11-30'],
      ['Stand-up', at(11, 29, 9)],
      ['Pay the rent', '2026-12-01'],
      ['Sort the attic', undefined],
      ['Read a book', undefined],
    ])
    expect(preview.dates).toEqual({ unread: 1, repeated: 0, repeats: 3, unreadRepeats: 0 })
    expect(repeatsOf(preview.tasks)).toEqual([
      ['Water the plants', 'FREQ=WEEKLY;BYDAY=MO'],
      ['Stand-up', 'FREQ=DAILY'],
      ['Pay the rent', 'FREQ=MONTHLY;BYMONTHDAY=1'],
    ])
    expect(datesLines(preview)).toEqual([
      '3 tasks repeat in Todoist: each keeps its repeat here, due on its next date.',
      '1 date could not be understood: its task is added without a date.',
    ])
    expect(notKeptItems(preview, format)).toEqual([])
  })

  it('counts only the tasks it adds', async () => {
    const csv =
      'TYPE,CONTENT,DATE\r\ntask,A,every day\r\ntask,B,whenever\r\ntask,B,every monday\r\n'
    const parsed = await parseImport('todoist.csv', csv, now, NOW)
    if (!parsed.ok) throw new Error(parsed.problem.kind)
    const inTodoist = { ...task('x', 'B', null), list: '7' }
    const yours = [{ id: '7', name: 'Todoist', rank: 'a0', made: 'm' }]
    const preview = await previewImport(parsed, [inTodoist], now, yours)
    // B is already in the list it goes to (the file's, by name): its dates do not count.
    expect(preview.dates).toEqual({ unread: 0, repeated: 0, repeats: 1, unreadRepeats: 0 })
    expect(datesLines(preview)).toEqual([
      '1 task repeats in Todoist: it keeps its repeat here, due on its next date.',
    ])
  })

  it('says more than one date not understood', async () => {
    const csv = 'TYPE,CONTENT,DATE\r\ntask,A,whenever\r\ntask,B,one fine day\r\n'
    const { preview } = await previewOf('todoist.csv', csv)
    expect(datesLines(preview)).toEqual([
      '2 dates could not be understood: their tasks are added without a date.',
    ])
  })
})
