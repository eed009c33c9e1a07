import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { BLANK_LOOKING, normalizeTaskText } from '../../../../src/features/tasks/model/listState'

describe('task text', () => {
  it.each([
    ['Buy milk', 'Buy milk'],
    ['  padded\t', 'padded'],
    ['\nafter a newline', 'after a newline'],
    ['two\r\n  lines', 'two lines'],
    ['🌱', '🌱'],
    ['\u200bzero-width around\u200b', '\u200bzero-width around\u200b'],
    ['\u3164\u115f\u1160\u034fA', '\u3164\u115f\u1160\u034fA'],
    // A format character that shows (ARABIC NUMBER SIGN) is something to see.
    ['\u0600', '\u0600'],
    // Braille with a dot, and a blank cell beside a letter.
    ['\u2801', '\u2801'],
    ['\u2800A\u2800', '\u2800A\u2800'],
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
    ['HANGUL FILLER', '\u3164'],
    ['HANGUL CHOSEONG and JUNGSEONG FILLER', '\u115f\u1160'],
    ['COMBINING GRAPHEME JOINER', '\u034f'],
    ['HALFWIDTH HANGUL FILLER and a tag space', '\uffa0\u{e0020}'],
    ['BRAILLE PATTERN BLANK', '\u2800\u2800\u2800'],
    ['BRAILLE PATTERN BLANK between spaces', ' \u2800 \u3164 '],
    ['the interlinear annotation controls', '\ufff9\ufffa\ufffb'],
    ['OBJECT REPLACEMENT CHARACTER', '\ufffc'],
    ['KHITAN SMALL SCRIPT FILLER', '\u{16fe4}'],
    ['MUSICAL SYMBOL NULL NOTEHEAD', '\u{1d159}'],
    ['1,001 characters', 'x'.repeat(1001)],
  ])('%s is refused', (_name, raw) => {
    expect(normalizeTaskText(raw)).toBeNull()
  })
})

/**
 * Unicode's White_Space and Default_Ignorable_Code_Point, and the app's BLANK_LOOKING, as RE2
 * ranges, from Node's tables.
 */
function invisibleRanges(): string {
  const invisible = new RegExp(
    `[${BLANK_LOOKING}\\p{White_Space}\\p{Default_Ignorable_Code_Point}]`,
    'u',
  )
  const hex = (codePoint: number) => `\\x{${codePoint.toString(16).toUpperCase()}}`
  const ranges: string[] = []
  let start = -1
  for (let codePoint = 0; codePoint <= 0x110000; codePoint++) {
    const inside = codePoint <= 0x10ffff && invisible.test(String.fromCodePoint(codePoint))
    if (inside && start < 0) start = codePoint
    if (!inside && start >= 0) {
      const end = codePoint - 1
      ranges.push(start === end ? hex(start) : `${hex(start)}-${hex(end)}`)
      start = -1
    }
  }
  return ranges.join('')
}

describe('what has something to see, in firestore.rules', () => {
  const rules = readFileSync('firestore.rules', 'utf8')
  // The rules' string literals double their backslashes; RE2 reads what they spell.
  const literal = /function invisibleRanges\(\) \{\s*return '([^']*)';/.exec(rules)?.[1] ?? ''
  const ranges = literal.replaceAll('\\\\', '\\')

  it('is every code point but the controls and the generated ranges', () => {
    expect(rules).toContain("text.matches('(?s).*[^\\\\p{Cc}' + invisibleRanges() + '].*')")
    // On a failure, paste the generated ranges into firestore.rules (its backslashes doubled).
    expect(ranges).toBe(invisibleRanges())
  })

  it('agrees with the app on every code point', () => {
    // The rules' class in JavaScript's syntax: RE2's \x{HEX} is \u{HEX}.
    const visibleInRules = new RegExp(`[^\\p{Cc}${ranges.replaceAll('\\x{', '\\u{')}]`, 'u')
    const disagreements: string[] = []
    for (let codePoint = 0; codePoint <= 0x10ffff; codePoint++) {
      const text = String.fromCodePoint(codePoint)
      if (visibleInRules.test(text) !== (normalizeTaskText(text) !== null)) {
        disagreements.push(`U+${codePoint.toString(16).toUpperCase()}`)
      }
    }
    expect(disagreements).toEqual([])
  })
})
