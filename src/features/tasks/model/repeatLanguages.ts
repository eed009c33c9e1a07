import { countOf, daysIn, grammarOf, timeOf, type Form, type ReadRule } from './repeatGrammar'

// German and French repeats, read for a browser in that language (English is read as well).
// The common ones only, where the words leave no doubt: "jeden Montag", "alle 3 Tage",
// "täglich", "werktags", "jeden 1.", "jeden letzten Freitag"; "tous les lundis", "chaque jour",
// "tous les 3 jours", "un lundi sur deux", "le 1er de chaque mois".

const weekly = (byDay: ReadRule['byDay'], interval = 1): ReadRule => ({
  freq: 'WEEKLY',
  byDay,
  interval,
})
const monthly = (day: string): ReadRule | null => {
  const date = Number(day)
  return date >= 1 && date <= 31 ? { freq: 'MONTHLY', monthDay: date } : null
}
const nth = (word: string, words: readonly string[]) => {
  const at = words.findIndex((w) => word.toLowerCase().startsWith(w))
  return at === words.length - 1 ? -1 : at + 1
}

const DE_NAMES = ['so', 'mo', 'di', 'mi', 'do', 'fr', 'sa']
const DE_DAY = '(?:montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)e?s?'
const DE_DAYS = `${DE_DAY}(?:\\s*(?:,|und)\\s*${DE_DAY})*`
const DE_COUNTS = 'zwei drei vier fünf sechs sieben acht neun zehn elf zwölf'.split(' ')
const DE_NTH = ['erst', 'zweit', 'dritt', 'viert', 'letzt']
const DE_UNITS: Record<string, ReadRule['freq']> = {
  t: 'DAILY',
  w: 'WEEKLY',
  m: 'MONTHLY',
  j: 'YEARLY',
}
const deUnit = (word: string) => DE_UNITS[word.slice(0, 1).toLowerCase()] ?? 'DAILY'
const deDays = (list: string) => daysIn(list, DE_DAY, DE_NAMES)
const IM_MONAT = '(?:\\s+(?:im|des|jeden)\\s+Monats?)?'

const DE_FORMS: readonly Form[] = [
  [
    `(\\d{1,3}|${DE_COUNTS.join('|')})\\s+(Tage|Wochen|Monate|Jahre)`,
    (m) => {
      const interval = countOf(m[1] ?? '', DE_COUNTS)
      return interval ? { freq: deUnit(m[2] ?? ''), interval } : null
    },
  ],
  [
    '(?:zweite[nrs]?|andere[nrs]?)\\s+(Tag|Woche|Monat|Jahr)',
    (m) => ({ freq: deUnit(m[1] ?? ''), interval: 2 }),
  ],
  [`(?:zweite[nrs]?|andere[nrs]?)\\s+(${DE_DAY})`, (m) => weekly(deDays(m[1] ?? ''), 2)],
  ['(Tag|Woche|Monat|Jahr)', (m) => ({ freq: deUnit(m[1] ?? '') })],
  ['Werktag', () => weekly(deDays('montag dienstag mittwoch donnerstag freitag'))],
  ['Wochenende', () => weekly(deDays('samstag sonntag'))],
  [`letzten\\s+Tag${IM_MONAT}`, () => ({ freq: 'MONTHLY', monthDay: -1 })],
  [
    `(ersten|zweiten|dritten|vierten|letzten)\\s+(${DE_DAY})${IM_MONAT}`,
    (m) => ({
      freq: 'MONTHLY',
      byDay: deDays(m[2] ?? '').map(({ day }) => ({ day, nth: nth(m[1] ?? '', DE_NTH) })),
    }),
  ],
  [`(\\d{1,2})\\.${IM_MONAT}`, (m) => monthly(m[1] ?? '')],
  [`(${DE_DAYS})`, (m) => weekly(deDays(m[1] ?? ''))],
]

export const GERMAN = grammarOf({
  start: 'jede[nrs]?|alle',
  forms: DE_FORMS,
  // Uninflected, these say when ("täglich Blumen gießen"); "tägliche Runde" is a thing.
  alone: [
    ['täglich', () => ({ freq: 'DAILY' })],
    ['wöchentlich', () => ({ freq: 'WEEKLY' })],
    ['monatlich', () => ({ freq: 'MONTHLY' })],
    ['jährlich', () => ({ freq: 'YEARLY' })],
    ['werktags', () => weekly(deDays('montag dienstag mittwoch donnerstag freitag'))],
    [
      `(montag|dienstag|mittwoch|donnerstag|freitag|samstag|sonntag)s`,
      (m) => weekly(deDays(m[1] ?? '')),
    ],
  ],
  times: [
    ['\\s*,?\\s*um\\s+(\\d{1,2})(?:[:.](\\d{2}))?(?:\\s*Uhr)?', (m) => timeOf(m[1] ?? '', m[2])],
    ['\\s+(\\d{1,2})[:.](\\d{2})(?:\\s*Uhr)?', (m) => timeOf(m[1] ?? '', m[2])],
    ['\\s+(\\d{1,2})\\s*Uhr', (m) => timeOf(m[1] ?? '')],
  ],
  completion: '\\s+(?:nach|ab)\\s+(?:der\\s+|dem\\s+)?(?:Erledigung|Erledigen|erledigt)',
})

const FR_NAMES = ['dim', 'lun', 'mar', 'mer', 'jeu', 'ven', 'sam']
const FR_DAY = '(?:lundi|mardi|mercredi|jeudi|vendredi|samedi|dimanche)s?'
const FR_DAYS = `${FR_DAY}(?:\\s*(?:,|et)\\s*${FR_DAY})*`
const FR_COUNTS = 'deux trois quatre cinq six sept huit neuf dix onze douze'.split(' ')
const FR_NTH = ['premier', 'deuxième', 'troisième', 'quatrième', 'dernier']
const FR_UNITS: Record<string, ReadRule['freq']> = {
  j: 'DAILY',
  s: 'WEEKLY',
  m: 'MONTHLY',
  a: 'YEARLY',
}
const frUnit = (word: string) => FR_UNITS[word.slice(0, 1).toLowerCase()] ?? 'DAILY'
const frDays = (list: string) => daysIn(list, FR_DAY, FR_NAMES)
const DU_MOIS = '(?:\\s+(?:du|de\\s+chaque)\\s+mois)?'
const WORKDAYS = 'lundi mardi mercredi jeudi vendredi'

const FR_FORMS: readonly Form[] = [
  [
    `(\\d{1,3}|${FR_COUNTS.join('|')})\\s+(jours|semaines|mois|ans|années)`,
    (m) => {
      const interval = countOf(m[1] ?? '', FR_COUNTS)
      return interval ? { freq: frUnit(m[2] ?? ''), interval } : null
    },
  ],
  ['(?:jours?\\s+(?:ouvrés|ouvrables)|jour\\s+de\\s+semaine)', () => weekly(frDays(WORKDAYS))],
  ['(jours?|semaines?|mois|ans|années?|an)', (m) => ({ freq: frUnit(m[1] ?? '') })],
  ['week-?ends?', () => weekly(frDays('samedi dimanche'))],
  [`dernier\\s+jour${DU_MOIS}`, () => ({ freq: 'MONTHLY', monthDay: -1 })],
  [
    `(premier|deuxième|troisième|quatrième|dernier)\\s+(${FR_DAY})${DU_MOIS}`,
    (m) => ({
      freq: 'MONTHLY',
      byDay: frDays(m[2] ?? '').map(({ day }) => ({ day, nth: nth(m[1] ?? '', FR_NTH) })),
    }),
  ],
  [`(\\d{1,2})(?:er)?${DU_MOIS}`, (m) => monthly(m[1] ?? '')],
  [`(${FR_DAYS})`, (m) => weekly(frDays(m[1] ?? ''))],
]

export const FRENCH = grammarOf({
  start: 'tous\\s+les|toutes\\s+les|chaque',
  forms: FR_FORMS,
  alone: [
    ['quotidiennement', () => ({ freq: 'DAILY' })],
    [`un\\s+(${FR_DAY})\\s+sur\\s+deux`, (m) => weekly(frDays(m[1] ?? ''), 2)],
    ['une\\s+semaine\\s+sur\\s+deux', () => ({ freq: 'WEEKLY', interval: 2 })],
    [`le\\s+(\\d{1,2})(?:er)?\\s+de\\s+chaque\\s+mois`, (m) => monthly(m[1] ?? '')],
    [
      `le\\s+dernier\\s+(${FR_DAY})\\s+de\\s+chaque\\s+mois`,
      (m) => ({
        freq: 'MONTHLY',
        byDay: frDays(m[1] ?? '').map(({ day }) => ({ day, nth: -1 })),
      }),
    ],
  ],
  times: [
    ['\\s*,?\\s*à\\s+(\\d{1,2})\\s*(?:h|:)\\s*(\\d{2})?', (m) => timeOf(m[1] ?? '', m[2])],
    ['\\s+(\\d{1,2})\\s*h\\s*(\\d{2})?', (m) => timeOf(m[1] ?? '', m[2])],
  ],
  completion:
    "\\s+(?:après|à\\s+partir\\s+de)\\s+(?:l(?:'|’)|la\\s+)?(?:achèvement|réalisation|fin)",
})
