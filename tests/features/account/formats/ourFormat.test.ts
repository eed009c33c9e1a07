import { describe, expect, it } from 'vitest'
import {
  escapeCell,
  exportFileName,
  toCsv,
  toJson,
  unescapeCell,
} from '../../../../src/features/account/formats/ourFormat'
import { parseImport } from '../../../../src/features/account/formats/parseImport'
import { previewImport } from '../../../../src/features/account/formats/preview'
import { newTask } from '../../../../src/services/taskDocument'
import type { Task } from '../../../../src/services/types'

const task = (id: string, text: string, isFinished = false): Task =>
  newTask({ id, task: text, isFinished, email: 'ada@example.com', order: 0 })

const list = [
  task('a', 'Water the plants'),
  task('b', 'Call "the" plumber, then the electrician'),
  task('c', '=HYPERLINK("http://example.com")'),
  task('d', 'Buy oat milk', true),
]

const now = () => Promise.resolve()

/** `tasks` exported as `extension`, then read back and previewed into an empty list. */
async function roundTrip(tasks: Task[], extension: 'json' | 'csv') {
  const text = extension === 'json' ? toJson(tasks, new Date()) : toCsv(tasks)
  const parsed = await parseImport(`export.${extension}`, text, now)
  if (!parsed.ok) throw new Error(parsed.problem.kind)
  return (await previewImport(parsed, [], now)).tasks
}

describe('this app’s files', () => {
  it('are named after the day, where the person is', () => {
    expect(exportFileName(new Date(2026, 0, 5, 23, 59), 'json')).toBe('todo-tasks-2026-01-05.json')
    expect(exportFileName(new Date(2026, 10, 27), 'csv')).toBe('todo-tasks-2026-11-27.csv')
  })

  it('JSON: a format version and every task with its id, text, state and place', () => {
    expect(JSON.parse(toJson(list.slice(0, 2), new Date('2026-11-27T10:30:00Z')))).toEqual({
      format: 'todo-tasks',
      version: 1,
      exportedAt: '2026-11-27T10:30:00.000Z',
      tasks: [
        { id: 'a', text: 'Water the plants', finished: false, place: 1 },
        { id: 'b', text: 'Call "the" plumber, then the electrician', finished: false, place: 2 },
      ],
    })
  })

  it('CSV: a header and a row per task; a formula is written as text', () => {
    expect(toCsv(list)).toBe(
      [
        'id,text,finished,place',
        'a,Water the plants,false,1',
        'b,"Call ""the"" plumber, then the electrician",false,2',
        `c,"'=HYPERLINK(""http://example.com"")",false,3`,
        'd,Buy oat milk,true,4',
        '',
      ].join('\r\n'),
    )
  })

  it.each([
    ['json', () => toJson(list, new Date())],
    ['csv', () => toCsv(list)],
  ])('%s reads back as the same list', async (extension, write) => {
    const result = await parseImport(`export.${extension}`, write(), now)
    expect(result).toEqual({
      ok: true,
      format: extension,
      tasks: list.map(({ task: text, isFinished }) => ({ text, finished: isFinished })),
      unreadLines: [],
      ...(extension === 'json' && { lists: [] }),
    })
  })
})

describe('CSV cells a spreadsheet would run (OWASP: CSV injection)', () => {
  it.each([
    ['=1+1', "'=1+1"],
    ['+1', "'+1"],
    ['-1', "'-1"],
    ['@SUM(A1)', "'@SUM(A1)"],
    ['\tx', "'\tx"],
    ['\rx', "'\rx"],
    ["  =cmd|' /C calc'!A0", "'  =cmd|' /C calc'!A0"],
    ['\t =1', "'\t =1"],
    // Apostrophes before such a start get one more, so that reading takes off only ours.
    ["'=x", "''=x"],
    ["''  +x", "'''  +x"],
  ])('%j is written after an apostrophe: %j', (text, cell) => {
    expect(escapeCell(text)).toBe(cell)
    expect(unescapeCell(cell)).toBe(text)
  })

  it.each([
    'Water the plants',
    "'quoted'",
    "'",
    'a=b',
    'x - y',
    'email@example.com',
    '   ',
    '',
    "' x",
  ])('%j is written as it is, and read back as it is', (text) => {
    expect(escapeCell(text)).toBe(text)
    expect(unescapeCell(text)).toBe(text)
  })

  it('the CSV of a formula after spaces starts its cell with an apostrophe', () => {
    const [, row] = toCsv([task("-x'", "  =cmd|' /C calc'!A0")]).split('\r\n')
    expect(row).toBe("'-x','  =cmd|' /C calc'!A0,false,1")
  })
})

describe('export, then import', () => {
  const texts = [
    'Water the plants',
    "'=x",
    '=x',
    "''=x",
    "  =cmd|' /C calc'!A0",
    '+1 for the idea',
    '@home',
    "'quoted'",
    'Two\nlines',
    'Windows\r\nline ends',
    '  edge spaces  ',
    '\tTabbed',
    'Commas, "quotes" and; semicolons',
    'x'.repeat(1000),
  ]
  const tasks = texts.map((text, i) => task(`t${String(i)}`, text, i % 3 === 0))

  it.each(['json', 'csv'] as const)(
    '%s gives back every text and state exactly',
    async (format) => {
      expect(await roundTrip(tasks, format)).toEqual(
        tasks.map(({ task: text, isFinished }) => ({ text, finished: isFinished })),
      )
    },
  )

  it('a text from another app is made one trimmed paragraph, as a typed one is', async () => {
    const csv = 'TYPE,CONTENT\r\ntask,"  Two\r\nlines  "\r\n'
    const parsed = await parseImport('todoist.csv', csv, now)
    if (!parsed.ok) throw new Error(parsed.problem.kind)
    expect((await previewImport(parsed, [], now)).tasks).toEqual([
      { text: 'Two lines', finished: false, list: 'todoist' },
    ])
  })
})
