import { Temporal } from 'temporal-polyfill'
import { afterAll, describe, expect, it } from 'vitest'
import { normalizeTaskText } from '../../../../src/features/tasks/model/listState'
import { dueParserFor, type DueParser } from '../../../../src/features/tasks/model/parseDue'
import { PHRASE_GROUPS, type PhraseGroup } from './duePhrases.table'

// The phrase table, read by the parser the browser's language gets, on the group's clock and in
// its zone. The expected instant comes from Temporal (compatible: a time the clocks skip moves
// forward, one they repeat is the first), not from the app's Date arithmetic.

const zone = process.env.TZ
afterAll(() => {
  if (zone === undefined) delete process.env.TZ
  else process.env.TZ = zone
})

const DEFAULT_NOW = '2026-12-07T10:00'

/** A wall time in `timeZone` as an instant, ISO, as the app stores one. */
const instant = (wall: string, timeZone: string) =>
  new Date(
    Temporal.PlainDateTime.from(wall).toZonedDateTime(timeZone, {
      disambiguation: 'compatible',
    }).epochMilliseconds,
  ).toISOString()

const parsers = new Map<string, Promise<DueParser>>()
const parserFor = (locale: string) => {
  let parser = parsers.get(locale)
  if (!parser) parsers.set(locale, (parser = dueParserFor(locale, normalizeTaskText)))
  return parser
}

const name = ({ locale, zone: timeZone = 'Europe/Berlin', now = DEFAULT_NOW }: PhraseGroup) =>
  `${locale}, ${timeZone}, ${now}`

describe.each(PHRASE_GROUPS.map((group) => [`${name(group)}: ${group.source}`, group] as const))(
  '%s',
  (_, group) => {
    const timeZone = group.zone ?? 'Europe/Berlin'
    it.each(group.rows.map((row) => [row[0], row] as const))('%j', async (typed, row) => {
      // Node follows a change of TZ at once: the device is in the group's zone.
      process.env.TZ = timeZone
      const now = new Date(instant(group.now ?? DEFAULT_NOW, timeZone))
      const found = (await parserFor(group.locale))(typed, [], now)
      const [, due, text, hint] = row
      if (due === null) {
        expect(found).toBeNull()
        return
      }
      expect(found).toMatchObject({ due: due.length > 10 ? instant(due, timeZone) : due, text })
      const said = `${found?.sentence ?? ''} ${found?.note ?? ''}`
      if (hint) expect(said).toContain(hint)
      // A time that comes and goes as usual is said with nothing more.
      if (!/does not exist|twice/.test(hint ?? '')) expect(found?.note).toBeUndefined()
    })
  },
)

it('holds at least 300 phrases, at least 60 in each language', () => {
  const counts: Record<string, number> = {}
  for (const { locale, rows } of PHRASE_GROUPS) counts[locale] = (counts[locale] ?? 0) + rows.length
  expect(Object.values(counts).reduce((a, b) => a + b, 0)).toBeGreaterThanOrEqual(300)
  for (const count of Object.values(counts)) expect(count).toBeGreaterThanOrEqual(60)
})
