import { describe, expect, it } from 'vitest'
import { exportFileName, toCsv, toJson } from '../../../../src/features/account/formats/ourFormat'
import { parseImport } from '../../../../src/features/account/formats/parseImport'
import type { Task } from '../../../../src/services/types'

const task = (id: string, text: string, isFinished = false): Task => ({
  id,
  task: text,
  isFinished,
  email: 'ada@example.com',
  order: 0,
  rank: null,
})

const list = [
  task('a', 'Water the plants'),
  task('b', 'Call "the" plumber, then the electrician'),
  task('c', '=HYPERLINK("http://example.com")'),
  task('d', 'Buy oat milk', true),
]

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
  ])('%s reads back as the same list', (extension, write) => {
    const result = parseImport(`export.${extension}`, write())
    expect(result).toEqual({
      ok: true,
      format: extension,
      tasks: list.map(({ task: text, isFinished }) => ({ text, finished: isFinished })),
    })
  })
})
