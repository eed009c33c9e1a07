import { describe, expect, it } from 'vitest'
import { normalizeTaskText } from '../../../src/features/tasks/taskText'

describe('task text', () => {
  it.each([
    ['Buy milk', 'Buy milk'],
    ['  padded\t', 'padded'],
    ['\nafter a newline', 'after a newline'],
    ['two\r\n  lines', 'two lines'],
    ['🌱', '🌱'],
    ['\u200bzero-width around\u200b', '\u200bzero-width around\u200b'],
    ['x'.repeat(1000), 'x'.repeat(1000)],
  ])('%j is kept as %j', (raw, kept) => {
    expect(normalizeTaskText(raw)).toBe(kept)
  })

  it.each([
    ['empty', ''],
    ['spaces and tabs', ' \t\n '],
    ['no-break spaces', '\u00a0\u00a0'],
    ['zero-width characters', '\u200b\u200d\ufeff'],
    ['a line separator', '\u2028'],
    ['control characters', '\u0000\u0007'],
    ['1,001 characters', 'x'.repeat(1001)],
  ])('%s is refused', (_name, raw) => {
    expect(normalizeTaskText(raw)).toBeNull()
  })
})
