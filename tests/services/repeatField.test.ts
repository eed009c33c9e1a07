import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { parseImport } from '../../src/features/account/formats/parseImport'
import { toCsv, toJson } from '../../src/features/account/formats/ourFormat'
import {
  fromStored,
  isRepeat,
  REPEAT_PATTERN,
  toStored,
  toStoredChanges,
} from '../../src/services/taskDocument'
import { storedTask } from '../support/store'

// The repeat field as stored, checked, exported and imported: one definition (taskDocument.ts).

const now = () => Promise.resolve()

describe('the stored repeat', () => {
  it('is checked by the rules with the same expression as the app', () => {
    const rules = readFileSync('firestore.rules', 'utf8')
    expect(/function repeatPattern\(\) \{\s*return '([^']+)';/.exec(rules)?.[1]).toBe(
      REPEAT_PATTERN,
    )
  })

  it('reads as none when absent (the original app’s documents) or of another shape', () => {
    const original = { task: 'Water the plants', isFinished: false, email: 'ada@example.com' }
    expect(fromStored('a', original).repeat).toBeNull()
    expect(fromStored('a', { ...original, repeat: 'every monday' }).repeat).toBeNull()
    expect(fromStored('a', { ...original, repeat: 7 }).repeat).toBeNull()
    expect(fromStored('a', { ...original, repeat: 'FREQ=DAILY' }).repeat).toBe('FREQ=DAILY')
  })

  it('is written only when set, and as null when stopped', () => {
    expect(toStored(storedTask('a'))).not.toHaveProperty('repeat')
    expect(toStoredChanges({ repeat: null })).toEqual({ repeat: null })
    expect(toStoredChanges({ due: '2026-12-14' })).toEqual({ due: '2026-12-14' })
  })

  it.each([
    ['FREQ=WEEKLY;BYDAY=MO', true],
    ['RRULE;X-TODO-FROM=COMPLETION:FREQ=DAILY;INTERVAL=3', true],
    ['FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1', true],
    ['RRULE:FREQ=DAILY', false],
    ['FREQ=DAILY;COUNT=2', false],
    [`FREQ=DAILY${' '.repeat(100)}`, false],
  ])('%j is a repeat: %s', (value, expected) => {
    expect(isRepeat(value)).toBe(expected)
  })
})

describe('export and import of this app’s files', () => {
  const tasks = [
    {
      ...storedTask('a', false, 0, 'Water plants'),
      due: '2026-12-14',
      repeat: 'FREQ=WEEKLY;BYDAY=MO',
    },
    {
      ...storedTask('b', false, 1, 'Descale'),
      due: '2026-12-09T08:00:00.000Z',
      repeat: 'RRULE;X-TODO-FROM=COMPLETION:FREQ=MONTHLY',
    },
    storedTask('c', false, 2, 'Once'),
  ]

  it.each([
    ['todo.json', () => toJson(tasks, new Date('2026-12-07T10:00:00Z'))],
    ['todo.csv', () => toCsv(tasks)],
  ])('%s carries the rule, and gives it back exactly', async (name, write) => {
    const parsed = await parseImport(name, write(), now)
    if (!parsed.ok) throw new Error(parsed.problem.kind)
    expect(parsed.tasks.map(({ text, fields }) => [text, fields?.due, fields?.repeat])).toEqual([
      ['Water plants', '2026-12-14', 'FREQ=WEEKLY;BYDAY=MO'],
      ['Descale', '2026-12-09T08:00:00.000Z', 'RRULE;X-TODO-FROM=COMPLETION:FREQ=MONTHLY'],
      ['Once', undefined, undefined],
    ])
  })
})
