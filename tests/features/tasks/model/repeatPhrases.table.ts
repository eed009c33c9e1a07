// Repeats as people type them in a task, each with the rule and first date it must give, written
// by hand from the calendar (December 2026 begins on a Tuesday; 1 January 2027 is a Friday;
// the last Friday of December 2026 is the 25th), never taken from the reader. Sources: Todoist's
// help ("Introduction to recurring due dates"), the issue (45), and the repeats people ask for
// in open to-do apps' trackers ("every 2 weeks", "last day of the month", "from completion").

/** [typed, rule, first due, text]: due YYYY-MM-DD, or YYYY-MM-DDTHH:MM (local); null: no repeat. */
export type RepeatRow =
  | readonly [typed: string, rule: null]
  | readonly [typed: string, rule: string, due: string, text: string]

export interface RepeatGroup {
  source: string
  locale: 'en-GB' | 'en-US' | 'de-DE' | 'fr-FR'
  /** Europe/Berlin unless said. */
  zone?: string
  /** Monday 7 December 2026, 10:00 in the zone, unless said. */
  now?: string
  rows: readonly RepeatRow[]
}

const DONE = 'RRULE;X-TODO-FROM=COMPLETION:'
const WORKDAYS = 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR'

export const REPEAT_GROUPS: readonly RepeatGroup[] = [
  {
    source: 'issue 45',
    locale: 'en-GB',
    rows: [
      ['water plants every monday', 'FREQ=WEEKLY;BYDAY=MO', '2026-12-07', 'water plants'],
      ['standup every workday 9:30', WORKDAYS, '2026-12-08T09:30', 'standup'],
      ['pay rent every 1st', 'FREQ=MONTHLY;BYMONTHDAY=1', '2027-01-01', 'pay rent'],
      ['call mum every other sunday', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=SU', '2026-12-13', 'call mum'],
      ['gym every 3 days', 'FREQ=DAILY;INTERVAL=3', '2026-12-07', 'gym'],
      ['review every last friday', 'FREQ=MONTHLY;BYDAY=-1FR', '2026-12-25', 'review'],
      ['backup every day', 'FREQ=DAILY', '2026-12-07', 'backup'],
      ['gym every monday', 'FREQ=WEEKLY;BYDAY=MO', '2026-12-07', 'gym'],
    ],
  },
  {
    source: 'Todoist’s help: weekdays, intervals, times of day',
    locale: 'en-GB',
    rows: [
      ['take out bins every tuesday', 'FREQ=WEEKLY;BYDAY=TU', '2026-12-08', 'take out bins'],
      ['yoga every wed', 'FREQ=WEEKLY;BYDAY=WE', '2026-12-09', 'yoga'],
      ['choir every thu at 7pm', 'FREQ=WEEKLY;BYDAY=TH', '2026-12-10T19:00', 'choir'],
      ['market every saturday', 'FREQ=WEEKLY;BYDAY=SA', '2026-12-12', 'market'],
      ['church every sunday 10am', 'FREQ=WEEKLY;BYDAY=SU', '2026-12-13T10:00', 'church'],
      ['stretch every weekday', WORKDAYS, '2026-12-07', 'stretch'],
      ['sync every business day', WORKDAYS, '2026-12-07', 'sync'],
      ['standup every work day at 9:30am', WORKDAYS, '2026-12-08T09:30', 'standup'],
      ['check mail every weekend', 'FREQ=WEEKLY;BYDAY=SA,SU', '2026-12-12', 'check mail'],
      ['pills every morning', 'FREQ=DAILY', '2026-12-08T09:00', 'pills'],
      ['journal every evening', 'FREQ=DAILY', '2026-12-07T19:00', 'journal'],
      ['lights off every night', 'FREQ=DAILY', '2026-12-07T22:00', 'lights off'],
      ['gym every mon, wed and fri', 'FREQ=WEEKLY;BYDAY=MO,WE,FR', '2026-12-07', 'gym'],
      ['run every tuesday and thursday', 'FREQ=WEEKLY;BYDAY=TU,TH', '2026-12-08', 'run'],
      ['meds every day at 8pm', 'FREQ=DAILY', '2026-12-07T20:00', 'meds'],
      ['meds every day at 8am', 'FREQ=DAILY', '2026-12-08T08:00', 'meds'],
      ['lunch every day at noon', 'FREQ=DAILY', '2026-12-07T12:00', 'lunch'],
      ['Water Plants Every Monday', 'FREQ=WEEKLY;BYDAY=MO', '2026-12-07', 'Water Plants'],
      ['ev monday bins', 'FREQ=WEEKLY;BYDAY=MO', '2026-12-07', 'bins'],
      ['pizza each friday', 'FREQ=WEEKLY;BYDAY=FR', '2026-12-11', 'pizza'],
      ['gym every monday with Sam', 'FREQ=WEEKLY;BYDAY=MO', '2026-12-07', 'gym with Sam'],
      ['gym every 3 days, early', 'FREQ=DAILY;INTERVAL=3', '2026-12-07', 'gym, early'],
    ],
  },
  {
    source: 'Todoist’s help and trackers: every N days, weeks, months, years',
    locale: 'en-GB',
    rows: [
      ['call every other day', 'FREQ=DAILY;INTERVAL=2', '2026-12-07', 'call'],
      ['plants every 14 days', 'FREQ=DAILY;INTERVAL=14', '2026-12-07', 'plants'],
      [
        'water cactus every 2 weeks',
        'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO',
        '2026-12-07',
        'water cactus',
      ],
      ['ship every two weeks', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO', '2026-12-07', 'ship'],
      ['haircut every 6 weeks', 'FREQ=WEEKLY;INTERVAL=6;BYDAY=MO', '2026-12-07', 'haircut'],
      ['sync every 2 weeks on thursday', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=TH', '2026-12-10', 'sync'],
      ['clean every other week', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO', '2026-12-07', 'clean'],
      ['invoice every month', 'FREQ=MONTHLY;BYMONTHDAY=7', '2026-12-07', 'invoice'],
      ['bills every other month', 'FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=7', '2026-12-07', 'bills'],
      ['dentist every 6 months', 'FREQ=MONTHLY;INTERVAL=6;BYMONTHDAY=7', '2026-12-07', 'dentist'],
      [
        'review every twelve months',
        'FREQ=MONTHLY;INTERVAL=12;BYMONTHDAY=7',
        '2026-12-07',
        'review',
      ],
      // Dec 1 is past: two months on from December is February.
      [
        'water every 2 months on the 1st',
        'FREQ=MONTHLY;INTERVAL=2;BYMONTHDAY=1',
        '2027-02-01',
        'water',
      ],
      ['service every year', 'FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=7', '2026-12-07', 'service'],
      [
        'passport every 2 years',
        'FREQ=YEARLY;INTERVAL=2;BYMONTH=12;BYMONTHDAY=7',
        '2026-12-07',
        'passport',
      ],
      ['review every year on 1 jan', 'FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=1', '2027-01-01', 'review'],
    ],
  },
  {
    source: 'days of the month and of the year; month ends (issue 45, part 6)',
    locale: 'en-GB',
    rows: [
      ['pay card every 27th', 'FREQ=MONTHLY;BYMONTHDAY=27', '2026-12-27', 'pay card'],
      [
        'salary every 31st',
        'FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1',
        '2026-12-31',
        'salary',
      ],
      ['report every 30th', 'FREQ=MONTHLY;BYMONTHDAY=28,29,30;BYSETPOS=-1', '2026-12-30', 'report'],
      ['rent every 15th of the month', 'FREQ=MONTHLY;BYMONTHDAY=15', '2026-12-15', 'rent'],
      ['bills every last day of the month', 'FREQ=MONTHLY;BYMONTHDAY=-1', '2026-12-31', 'bills'],
      ['accounts every last day', 'FREQ=MONTHLY;BYMONTHDAY=-1', '2026-12-31', 'accounts'],
      ['book club every first monday', 'FREQ=MONTHLY;BYDAY=1MO', '2026-12-07', 'book club'],
      ['board every 2nd tuesday', 'FREQ=MONTHLY;BYDAY=2TU', '2026-12-08', 'board'],
      [
        'meetup every third wednesday of the month',
        'FREQ=MONTHLY;BYDAY=3WE',
        '2026-12-16',
        'meetup',
      ],
      ['review every last sunday', 'FREQ=MONTHLY;BYDAY=-1SU', '2026-12-27', 'review'],
      [
        'card for mum every 25 dec',
        'FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=25',
        '2026-12-25',
        'card for mum',
      ],
      [
        'anniversary every jan 15',
        'FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=15',
        '2027-01-15',
        'anniversary',
      ],
      [
        'leap party every 29 feb',
        'FREQ=YEARLY;BYMONTH=2;BYMONTHDAY=28,29;BYSETPOS=-1',
        '2027-02-28',
        'leap party',
      ],
      ['tax every 31st of january', 'FREQ=YEARLY;BYMONTH=1;BYMONTHDAY=31', '2027-01-31', 'tax'],
    ],
  },
  {
    source: 'one word, at the end ("backup daily"); from completion (Todoist’s "every!")',
    locale: 'en-US',
    rows: [
      ['backup daily', 'FREQ=DAILY', '2026-12-07', 'backup'],
      ['standup daily 9:30', 'FREQ=DAILY', '2026-12-08T09:30', 'standup'],
      ['report weekly', 'FREQ=WEEKLY;BYDAY=MO', '2026-12-07', 'report'],
      ['payroll fortnightly', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO', '2026-12-07', 'payroll'],
      ['invoices monthly', 'FREQ=MONTHLY;BYMONTHDAY=7', '2026-12-07', 'invoices'],
      ['insurance yearly', 'FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=7', '2026-12-07', 'insurance'],
      ['renew annually', 'FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=7', '2026-12-07', 'renew'],
      ['water every! 3 days', `${DONE}FREQ=DAILY;INTERVAL=3`, '2026-12-07', 'water'],
      [
        'haircut every 4 weeks after done',
        `${DONE}FREQ=WEEKLY;INTERVAL=4`,
        '2026-12-07',
        'haircut',
      ],
      [
        'filter every 3 months after completion',
        `${DONE}FREQ=MONTHLY;INTERVAL=3`,
        '2026-12-07',
        'filter',
      ],
      ['descale every! month', `${DONE}FREQ=MONTHLY`, '2026-12-07', 'descale'],
      [
        'clean every 2 weeks after I finish it',
        `${DONE}FREQ=WEEKLY;INTERVAL=2`,
        '2026-12-07',
        'clean',
      ],
      ['daily standup', null],
      ['everyday chores', null],
      ['do every exercise', null],
      ['every monday', null],
      ['drink every hour', null],
      ['pay every 32nd', null],
      ['party every 30 feb', null],
      // An end or a start is not kept: the words all stay text (a test of issue 45's attack).
      ['meds every day until friday', null],
      ['meds every day till the 20th', null],
      ['meds every day for 3 times', null],
      ['water every day for two weeks', null],
      ['plan every monday starting next week', null],
      // A time typed after a part of the day is the time.
      ['wake every morning at 6am', 'FREQ=DAILY', '2026-12-08T06:00', 'wake'],
      ['read every evening 21:30', 'FREQ=DAILY', '2026-12-07T21:30', 'read'],
    ],
  },
  {
    source: 'a time across zones: New York, on its Monday 7 December 2026 at 10:00',
    locale: 'en-US',
    zone: 'America/New_York',
    rows: [
      ['standup every workday 9:30am', WORKDAYS, '2026-12-08T09:30', 'standup'],
      ['call every friday at 4pm', 'FREQ=WEEKLY;BYDAY=FR', '2026-12-11T16:00', 'call'],
      ['meds every day at 8pm', 'FREQ=DAILY', '2026-12-07T20:00', 'meds'],
    ],
  },
  {
    source: 'German: the common repeats (Todoist’s German help, a de-DE browser)',
    locale: 'de-DE',
    rows: [
      ['Müll jeden Montag', 'FREQ=WEEKLY;BYDAY=MO', '2026-12-07', 'Müll'],
      ['täglich Zähne putzen', 'FREQ=DAILY', '2026-12-07', 'Zähne putzen'],
      ['Blumen gießen jeden Tag', 'FREQ=DAILY', '2026-12-07', 'Blumen gießen'],
      ['putzen alle 2 Wochen', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=MO', '2026-12-07', 'putzen'],
      ['Miete jeden 1.', 'FREQ=MONTHLY;BYMONTHDAY=1', '2027-01-01', 'Miete'],
      ['Sport jeden zweiten Tag', 'FREQ=DAILY;INTERVAL=2', '2026-12-07', 'Sport'],
      ['Chor jeden Donnerstag um 19 Uhr', 'FREQ=WEEKLY;BYDAY=TH', '2026-12-10T19:00', 'Chor'],
      ['Standup werktags 9:30', WORKDAYS, '2026-12-08T09:30', 'Standup'],
      ['Bericht jeden letzten Freitag', 'FREQ=MONTHLY;BYDAY=-1FR', '2026-12-25', 'Bericht'],
      ['Kirche sonntags', 'FREQ=WEEKLY;BYDAY=SU', '2026-12-13', 'Kirche'],
      ['Rechnung monatlich', 'FREQ=MONTHLY;BYMONTHDAY=7', '2026-12-07', 'Rechnung'],
      [
        'Mama anrufen jeden zweiten Sonntag',
        'FREQ=WEEKLY;INTERVAL=2;BYDAY=SU',
        '2026-12-13',
        'Mama anrufen',
      ],
      [
        'Filter alle 3 Monate nach Erledigung',
        `${DONE}FREQ=MONTHLY;INTERVAL=3`,
        '2026-12-07',
        'Filter',
      ],
      ['gym every 3 days', 'FREQ=DAILY;INTERVAL=3', '2026-12-07', 'gym'],
      ['tägliche Runde', null],
    ],
  },
  {
    source: 'French: the common repeats (Todoist’s French help, a fr-FR browser)',
    locale: 'fr-FR',
    rows: [
      ['sport tous les lundis', 'FREQ=WEEKLY;BYDAY=MO', '2026-12-07', 'sport'],
      ['courses chaque samedi', 'FREQ=WEEKLY;BYDAY=SA', '2026-12-12', 'courses'],
      ['piscine un mercredi sur deux', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=WE', '2026-12-09', 'piscine'],
      ['loyer le 1er de chaque mois', 'FREQ=MONTHLY;BYMONTHDAY=1', '2027-01-01', 'loyer'],
      ['arroser tous les 3 jours', 'FREQ=DAILY;INTERVAL=3', '2026-12-07', 'arroser'],
      ['réunion tous les jours ouvrés à 9h30', WORKDAYS, '2026-12-08T09:30', 'réunion'],
      ['bilan chaque dernier vendredi du mois', 'FREQ=MONTHLY;BYDAY=-1FR', '2026-12-25', 'bilan'],
      ['ménage toutes les semaines', 'FREQ=WEEKLY;BYDAY=MO', '2026-12-07', 'ménage'],
      ['médicaments tous les jours à 20h', 'FREQ=DAILY', '2026-12-07T20:00', 'médicaments'],
      ['vitamines quotidiennement', 'FREQ=DAILY', '2026-12-07', 'vitamines'],
    ],
  },
]
