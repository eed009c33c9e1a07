/**
 * The rules table: every rule of firestore.rules, as requests the real Firestore Lite SDK
 * makes, each with the answer Google's Firestore emulator gives.
 */
import {
  deleteDoc,
  deleteField,
  doc,
  getDoc,
  setDoc,
  updateDoc,
  writeBatch,
} from 'firebase/firestore/lite'
import {
  ADA,
  GRACE,
  task,
  ownTask,
  originalTask,
  without,
  inKeyOrder,
  create,
  own,
  hers,
  batchOfNew,
  storedOrNot,
  tasksOf,
  type RulesCase,
} from './kit'
import { DELETION_CASES } from './deletionCases'
import { LIST_CASES } from './listCases'

export { RECORDED, TOKENS, type CaseContext, type Outcome, type Who } from './kit'

export const CASES: RulesCase[] = [
  // create
  { name: 'create: own task', as: 'ada', act: create(ownTask), expected: 'ok' },
  {
    name: 'create: with id, the document id',
    as: 'ada',
    act: ({ task: at }) => setDoc(at('new'), { ...ownTask, id: at('new').id }),
    expected: 'ok',
  },
  {
    name: 'create: with id, another id',
    as: 'ada',
    act: create({ ...ownTask, id: 'other' }),
    expected: 'permission-denied',
  },
  {
    name: 'create: another user’s e-mail',
    as: 'ada',
    act: create(task(GRACE)),
    expected: 'permission-denied',
  },
  {
    name: 'create: no order (Undo of a task of the original app)',
    as: 'ada',
    act: create(without(ownTask, 'order')),
    expected: 'ok',
  },
  {
    name: 'create: no task',
    as: 'ada',
    act: create(without(ownTask, 'task')),
    expected: 'permission-denied',
  },
  {
    name: 'create: no email',
    as: 'ada',
    act: create(without(ownTask, 'email')),
    expected: 'permission-denied',
  },
  {
    name: 'create: no isFinished',
    as: 'ada',
    act: create(without(ownTask, 'isFinished')),
    expected: 'permission-denied',
  },
  {
    name: 'create: an extra field',
    as: 'ada',
    act: create({ ...ownTask, colour: 'red' }),
    expected: 'permission-denied',
  },
  {
    name: 'create: empty text',
    as: 'ada',
    act: create({ ...ownTask, task: '' }),
    expected: 'permission-denied',
  },
  ...[
    ['only spaces', '   '],
    ['only no-break spaces', '\u00a0\u00a0'],
    ['only zero-width characters', '\u200b\u200c\u200d\u2060\ufeff'],
    ['only a newline and a tab', '\n\t'],
    // Default-ignorable fillers and joiners, which fonts draw as nothing.
    ['only HANGUL FILLER', '\u3164'],
    ['only HANGUL CHOSEONG FILLER', '\u115f'],
    ['only HANGUL JUNGSEONG FILLER', '\u1160'],
    ['only COMBINING GRAPHEME JOINER', '\u034f'],
    ['only a tag space', '\u{e0020}'],
    // Drawn blank, though not default-ignorable (BLANK_LOOKING in tasks/model/listState.ts).
    ['only BRAILLE PATTERN BLANK', '\u2800\u2800'],
    ['only OBJECT REPLACEMENT CHARACTER', '\ufffc'],
    ['only an INTERLINEAR ANNOTATION ANCHOR', '\ufff9'],
    ['only KHITAN SMALL SCRIPT FILLER', '\u{16fe4}'],
    ['only MUSICAL SYMBOL NULL NOTEHEAD', '\u{1d159}'],
    ['BRAILLE PATTERN BLANK, HANGUL FILLER and spaces', ' \u2800 \u3164 '],
  ].map(([what, text]): RulesCase => ({
    name: `create: text of ${String(what)}`,
    as: 'ada',
    act: create({ ...ownTask, task: text }),
    expected: 'permission-denied',
  })),
  ...[
    ['emoji', '🌱🐈‍⬛'],
    ['a leading newline', '\nBuy oat milk'],
    ['a zero-width joiner among letters', 'Buy\u200doat milk'],
    ['HANGUL FILLER beside a letter', '\u3164A'],
    ['HANGUL CHOSEONG FILLER beside a letter', 'A\u115f'],
    ['HANGUL JUNGSEONG FILLER beside a letter', '\u1160A'],
    ['COMBINING GRAPHEME JOINER beside a letter', 'A\u034f'],
    ['ARABIC NUMBER SIGN alone, a format character that shows', '\u0600'],
    ['BRAILLE PATTERN BLANK beside a letter', '\u2800A'],
    ['a Braille pattern with a dot', '\u2801'],
  ].map(([what, text]): RulesCase => ({
    name: `create: text with ${String(what)}`,
    as: 'ada',
    act: create({ ...ownTask, task: text }),
    expected: 'ok',
  })),
  {
    name: 'create: 1,000 characters',
    as: 'ada',
    act: create({ ...ownTask, task: 'x'.repeat(1000) }),
    expected: 'ok',
  },
  {
    name: 'create: 1,001 characters',
    as: 'ada',
    act: create({ ...ownTask, task: 'x'.repeat(1001) }),
    expected: 'permission-denied',
  },
  {
    name: 'create: 500 emoji (1,000 UTF-16 code units)',
    as: 'ada',
    act: create({ ...ownTask, task: '🌱'.repeat(500) }),
    expected: 'ok',
  },
  {
    // Rules count a string's size in UTF-16 code units, as the app's maxLength does.
    name: 'create: 999 characters and an emoji (1,001 UTF-16 code units, 1,000 code points)',
    as: 'ada',
    act: create({ ...ownTask, task: `${'x'.repeat(999)}🌱` }),
    expected: 'permission-denied',
  },
  {
    name: 'create: text not a string',
    as: 'ada',
    act: create({ ...ownTask, task: 7 }),
    expected: 'permission-denied',
  },
  {
    name: 'create: isFinished not a bool',
    as: 'ada',
    act: create({ ...ownTask, isFinished: 'no' }),
    expected: 'permission-denied',
  },
  {
    name: 'create: order not a number',
    as: 'ada',
    act: create({ ...ownTask, order: '1' }),
    expected: 'permission-denied',
  },
  {
    name: 'create: order a double',
    as: 'ada',
    act: create({ ...ownTask, order: 1.5 }),
    expected: 'ok',
  },
  {
    name: 'create: order a large negative integer',
    as: 'ada',
    act: create({ ...ownTask, order: -(2 ** 40) - 3 }),
    expected: 'ok',
  },
  ...[NaN, Infinity, -Infinity].map((order): RulesCase => ({
    name: `create: order ${String(order)}`,
    as: 'ada',
    act: create({ ...ownTask, order }),
    expected: 'permission-denied',
  })),
  {
    name: 'create: email not a string',
    as: 'ada',
    act: create({ ...ownTask, email: true }),
    expected: 'permission-denied',
  },
  {
    name: 'create: e-mail not verified',
    as: 'adaUnverified',
    act: create(ownTask),
    expected: 'permission-denied',
  },
  {
    name: 'create: no email_verified claim',
    as: 'adaWithoutVerifiedClaim',
    act: create(ownTask),
    expected: 'permission-denied',
  },
  {
    name: 'create: a token without e-mail',
    as: 'withoutEmail',
    act: create(ownTask),
    expected: 'permission-denied',
  },
  { name: 'create: no token', as: 'none', act: create(ownTask), expected: 'permission-denied' },
  // The emulator does not check expiry; Firestore itself answers unauthenticated.
  { name: 'an expired token', as: 'adaExpired', act: create(ownTask), expected: 'ok' },
  {
    // The emulator's 400 "invalid jwt", which the SDK reads from the status alone.
    name: 'a malformed token',
    as: 'malformed',
    act: create(ownTask),
    expected: 'failed-precondition',
  },
  {
    name: 'create: the admin, anything',
    as: 'owner',
    act: create({ anything: 1 }),
    expected: 'ok',
  },
  {
    name: 'create: another collection',
    as: 'ada',
    act: ({ db }) => setDoc(doc(db, 'notes', 'n1'), ownTask),
    expected: 'permission-denied',
  },
  {
    name: 'create: a batch with one refused write stores nothing',
    as: 'ada',
    act: ({ db, task: at }) => {
      const batch = writeBatch(db)
      batch.set(at('mine'), ownTask)
      batch.set(at('theirs'), task(GRACE))
      return batch.commit()
    },
    then: async ({ stored }) => `mine stored: ${String((await stored('mine')) !== undefined)}`,
    expected: 'permission-denied; mine stored: false',
  },

  // get
  {
    name: 'get: own task',
    as: 'ada',
    seed: own,
    act: ({ task: at }) => getDoc(at('mine')),
    expected: 'ok',
  },
  {
    name: 'get: another user’s task',
    as: 'ada',
    seed: hers,
    act: ({ task: at }) => getDoc(at('hers')),
    expected: 'permission-denied',
  },
  {
    name: 'get: a missing task',
    as: 'ada',
    act: ({ task: at }) => getDoc(at('nothing')),
    expected: 'ok',
  },
  {
    name: 'get: a missing task, no token',
    as: 'none',
    act: ({ task: at }) => getDoc(at('nothing')),
    expected: 'permission-denied',
  },
  {
    name: 'get: own task, not verified',
    as: 'adaUnverified',
    seed: own,
    act: ({ task: at }) => getDoc(at('mine')),
    expected: 'permission-denied',
  },

  // list
  {
    name: 'list: email == own',
    as: 'ada',
    seed: own,
    act: ({ db }) => tasksOf(db, ['email', '==', ADA]),
    expected: 'ok',
  },
  {
    name: 'list: email == own and isFinished == false',
    as: 'ada',
    act: ({ db }) => tasksOf(db, ['email', '==', ADA], ['isFinished', '==', false]),
    expected: 'ok',
  },
  {
    name: 'list: no filter',
    as: 'ada',
    act: ({ db }) => tasksOf(db),
    expected: 'permission-denied',
  },
  {
    name: 'list: email == another user’s',
    as: 'ada',
    act: ({ db }) => tasksOf(db, ['email', '==', GRACE]),
    expected: 'permission-denied',
  },
  {
    name: 'list: isFinished == false only',
    as: 'ada',
    act: ({ db }) => tasksOf(db, ['isFinished', '==', false]),
    expected: 'permission-denied',
  },
  {
    name: 'list: email == own, not verified',
    as: 'adaUnverified',
    act: ({ db }) => tasksOf(db, ['email', '==', ADA]),
    expected: 'permission-denied',
  },
  {
    name: 'list: no token',
    as: 'none',
    act: ({ db }) => tasksOf(db, ['email', '==', ADA]),
    expected: 'permission-denied',
  },

  // update
  {
    name: 'update: own text',
    as: 'ada',
    seed: own,
    act: ({ task: at }) => updateDoc(at('mine'), { task: 'Buy rice milk' }),
    expected: 'ok',
  },
  {
    name: 'update: own isFinished and order',
    as: 'ada',
    seed: own,
    act: ({ task: at }) => updateDoc(at('mine'), { isFinished: true, order: 2 ** 40 }),
    expected: 'ok',
  },
  {
    name: 'update: own email to another user’s',
    as: 'ada',
    seed: own,
    act: ({ task: at }) => updateDoc(at('mine'), { email: GRACE }),
    expected: 'permission-denied',
  },
  {
    name: 'update: order NaN',
    as: 'ada',
    seed: own,
    act: ({ task: at }) => updateDoc(at('mine'), { order: NaN }),
    expected: 'permission-denied',
  },
  {
    name: 'update: text of only zero-width characters',
    as: 'ada',
    seed: own,
    act: ({ task: at }) => updateDoc(at('mine'), { task: '\u200b\u200b' }),
    expected: 'permission-denied',
  },
  {
    name: 'update: text of only BRAILLE PATTERN BLANK',
    as: 'ada',
    seed: own,
    act: ({ task: at }) => updateDoc(at('mine'), { task: '\u2800' }),
    expected: 'permission-denied',
  },
  {
    name: 'update: an extra field',
    as: 'ada',
    seed: own,
    act: ({ task: at }) => updateDoc(at('mine'), { colour: 'red' }),
    expected: 'permission-denied',
  },
  {
    name: 'update: 1,001 characters',
    as: 'ada',
    seed: own,
    act: ({ task: at }) => updateDoc(at('mine'), { task: 'x'.repeat(1001) }),
    expected: 'permission-denied',
  },
  {
    name: 'update: another user’s task',
    as: 'ada',
    seed: hers,
    act: ({ task: at }) => updateDoc(at('hers'), { isFinished: true }),
    expected: 'permission-denied',
  },
  // The update rule lets an update of a missing task through to its precondition (the task
  // must exist), which refuses it: the app learns the task was deleted elsewhere.
  {
    name: 'update: a missing task',
    as: 'ada',
    act: ({ task: at }) => updateDoc(at('gone'), { isFinished: true }),
    expected: 'not-found',
  },
  {
    name: 'update: a missing task, with every field valid',
    as: 'ada',
    act: ({ task: at }) => updateDoc(at('gone'), ownTask),
    expected: 'not-found',
  },
  {
    name: 'update: a missing task, not signed in',
    as: 'none',
    act: ({ task: at }) => updateDoc(at('gone'), { isFinished: true }),
    expected: 'permission-denied',
  },
  {
    name: 'update: a missing task, as the admin',
    as: 'owner',
    act: ({ task: at }) => updateDoc(at('gone'), { isFinished: true }),
    expected: 'not-found',
  },
  {
    name: 'update: own task, replaced whole (setDoc)',
    as: 'ada',
    seed: own,
    act: ({ task: at }) => setDoc(at('mine'), { ...ownTask, task: 'Replaced' }),
    expected: 'ok',
  },
  {
    name: 'update: another user’s task, claimed with setDoc',
    as: 'ada',
    seed: hers,
    act: ({ task: at }) => setDoc(at('hers'), ownTask),
    expected: 'permission-denied',
  },
  {
    name: 'update: own text, not verified',
    as: 'adaUnverified',
    seed: own,
    act: ({ task: at }) => updateDoc(at('mine'), { task: 'Sneaky' }),
    expected: 'permission-denied',
  },

  // A rank (a fractional key: a move that found no number free), or '' for none.
  ...(
    [
      ['a fractional key', 'a0V', 'ok'],
      ['none (empty)', '', 'ok'],
      ['10,000 characters', `a0${'V'.repeat(9998)}`, 'ok'],
      ['10,001 characters', `a0${'V'.repeat(9999)}`, 'permission-denied'],
      ['a character outside the keys’ digits', 'a0-1', 'permission-denied'],
      ['a number', 5, 'permission-denied'],
    ] as const
  ).flatMap(([what, rank, expected]): RulesCase[] => [
    { name: `create: rank ${what}`, as: 'ada', act: create({ ...ownTask, rank }), expected },
    {
      name: `update: rank ${what}`,
      as: 'ada',
      seed: own,
      act: ({ task: at }) => updateDoc(at('mine'), { order: 3, rank }),
      expected,
    },
  ]),

  // When it is due: a day, or an instant with its time; null clears it.
  ...(
    [
      ['a day', '2026-12-24', 'ok'],
      ['an instant', '2026-12-24T17:00:00.000Z', 'ok'],
      ['none (null)', null, 'ok'],
      ['words', 'tomorrow', 'permission-denied'],
      ['a local time with no zone', '2026-12-24T17:00', 'permission-denied'],
      ['a day and more', `2026-12-24${'x'.repeat(100)}`, 'permission-denied'],
      ['month 13', '2026-13-01', 'permission-denied'],
      ['a number', 20261224, 'permission-denied'],
      // Days that look right and do not exist (the app would show them as no date).
      ['30 February', '2026-02-30', 'permission-denied'],
      ['29 February, not a leap year', '2026-02-29', 'permission-denied'],
      ['29 February 1900 (a century)', '1900-02-29', 'permission-denied'],
      ['29 February 2000 (every 400 years)', '2000-02-29', 'ok'],
      ['31 April', '2026-04-31', 'permission-denied'],
      ['31 December', '2026-12-31', 'ok'],
      ['year 0', '0000-01-01', 'permission-denied'],
      ['year 1', '0001-01-01', 'ok'],
      ['an instant on 31 June', '2026-06-31T10:00:00.000Z', 'permission-denied'],
    ] as const
  ).flatMap(([what, due, expected]): RulesCase[] => [
    { name: `create: due ${what}`, as: 'ada', act: create({ ...ownTask, due }), expected },
    {
      name: `update: due ${what}`,
      as: 'ada',
      seed: own,
      act: ({ task: at }) => updateDoc(at('mine'), { due }),
      expected,
    },
  ]),

  // How it repeats: an RRULE value of the subset the app reads, or one counted from when it is
  // done; null stops it. Within 100 characters, of the expression's shape.
  ...(
    [
      ['every Monday', 'FREQ=WEEKLY;BYDAY=MO', 'ok'],
      ['every workday', 'FREQ=WEEKLY;BYDAY=MO,TU,WE,TH,FR', 'ok'],
      ['every other Sunday', 'FREQ=WEEKLY;INTERVAL=2;BYDAY=SU', 'ok'],
      ['every 3 days', 'FREQ=DAILY;INTERVAL=3', 'ok'],
      ['every 1st', 'FREQ=MONTHLY;BYMONTHDAY=1', 'ok'],
      ['every 31st (or the last day)', 'FREQ=MONTHLY;BYMONTHDAY=28,29,30,31;BYSETPOS=-1', 'ok'],
      ['every last Friday', 'FREQ=MONTHLY;BYDAY=-1FR', 'ok'],
      ['every 25 Dec', 'FREQ=YEARLY;BYMONTH=12;BYMONTHDAY=25', 'ok'],
      ['every 3 days after done', 'RRULE;X-TODO-FROM=COMPLETION:FREQ=DAILY;INTERVAL=3', 'ok'],
      [
        'the longest (99 characters)',
        `RRULE;X-TODO-FROM=COMPLETION:FREQ=YEARLY;INTERVAL=999;BYMONTH=12;BYMONTHDAY=-1,29,30,31;BYSETPOS=-1`,
        'ok',
      ],
      ['none (null)', null, 'ok'],
      ['words', 'every monday', 'permission-denied'],
      ['an RRULE line', 'RRULE:FREQ=DAILY', 'permission-denied'],
      ['another parameter', 'RRULE;X-OTHER=1:FREQ=DAILY', 'permission-denied'],
      ['hourly (not read)', 'FREQ=HOURLY', 'permission-denied'],
      ['a count (not read)', 'FREQ=DAILY;COUNT=3', 'permission-denied'],
      ['parts out of order', 'FREQ=WEEKLY;BYDAY=MO;INTERVAL=2', 'permission-denied'],
      ['interval 0', 'FREQ=DAILY;INTERVAL=0', 'permission-denied'],
      ['day 32', 'FREQ=MONTHLY;BYMONTHDAY=32', 'permission-denied'],
      ['lower case', 'freq=daily', 'permission-denied'],
      ['a rule and more', `FREQ=DAILY${';'.repeat(200)}`, 'permission-denied'],
      ['a number', 7, 'permission-denied'],
      ['a list', ['FREQ=DAILY'], 'permission-denied'],
    ] as const
  ).flatMap(([what, repeat, expected]): RulesCase[] => [
    { name: `create: repeat ${what}`, as: 'ada', act: create({ ...ownTask, repeat }), expected },
    {
      name: `update: repeat ${what}`,
      as: 'ada',
      seed: own,
      act: ({ task: at }) => updateDoc(at('mine'), { repeat }),
      expected,
    },
  ]),
  {
    name: 'update: a tick of a repeating task (its due alone), a task of the original app',
    as: 'ada',
    seed: { old: { ...originalTask, due: '2026-12-07', repeat: 'FREQ=WEEKLY;BYDAY=MO' } },
    act: ({ task: at }) => updateDoc(at('old'), { due: '2026-12-14' }),
    expected: 'ok',
  },
  {
    name: 'update: removing the repeat field (a field removed fails its check)',
    as: 'ada',
    seed: { mine: { ...ownTask, repeat: 'FREQ=DAILY' } },
    act: ({ task: at }) => updateDoc(at('mine'), { repeat: deleteField() }),
    expected: 'permission-denied',
  },

  // Documents of the original app (task, isFinished, email only), and of other shapes: each
  // change a click makes is accepted, and every field it does not change stays.
  ...(
    [
      ['edit the text', { task: 'Water the ferns' }],
      ['tick (isFinished and order)', { isFinished: true, order: 2 ** 40 }],
      ['untick (isFinished and order)', { isFinished: false, order: -1 }],
    ] as const
  ).map(([what, change]): RulesCase => ({
    name: `update: a task of the original app, ${what}`,
    as: 'ada',
    seed: { old: originalTask },
    act: ({ task: at }) => updateDoc(at('old'), change),
    then: async ({ stored }) => `stored: ${inKeyOrder(await stored('old'))}`,
    expected: `ok; stored: ${inKeyOrder({ ...originalTask, ...change })}`,
  })),
  {
    name: 'update: a task of the original app, with its id (as the original app updated)',
    as: 'ada',
    seed: { old: originalTask },
    act: ({ task: at }) => updateDoc(at('old'), { id: at('old').id, isFinished: true }),
    expected: 'ok',
  },
  {
    name: 'delete: a task of the original app',
    as: 'ada',
    seed: { old: originalTask },
    act: ({ task: at }) => deleteDoc(at('old')),
    expected: 'ok',
  },
  {
    name: 'update: another client’s extra field stays when the text changes',
    as: 'ada',
    seed: { mine: task(ADA, { priority: 3 }) },
    act: ({ task: at }) => updateDoc(at('mine'), { task: 'Buy rice milk' }),
    then: async ({ stored }) => `priority: ${String((await stored('mine'))?.priority)}`,
    expected: 'ok; priority: 3',
  },
  {
    name: 'update: another client’s extra field changed',
    as: 'ada',
    seed: { mine: task(ADA, { priority: 3 }) },
    act: ({ task: at }) => updateDoc(at('mine'), { priority: 4 }),
    expected: 'permission-denied',
  },
  {
    name: 'update: another client’s extra field removed by a whole replacement (setDoc)',
    as: 'ada',
    seed: { mine: task(ADA, { priority: 3 }) },
    act: ({ task: at }) => setDoc(at('mine'), ownTask),
    expected: 'permission-denied',
  },
  {
    name: 'update: a field removed',
    as: 'ada',
    seed: own,
    act: ({ task: at }) => updateDoc(at('mine'), { isFinished: deleteField() }),
    expected: 'permission-denied',
  },
  {
    name: 'update: text not a string stored, ticked',
    as: 'ada',
    seed: { mine: task(ADA, { task: 42 }) },
    act: ({ task: at }) => updateDoc(at('mine'), { isFinished: true, order: 2 ** 40 }),
    expected: 'ok',
  },
  {
    name: 'update: text not a string stored, given a text',
    as: 'ada',
    seed: { mine: task(ADA, { task: 42 }) },
    act: ({ task: at }) => updateDoc(at('mine'), { task: '42 bottles' }),
    expected: 'ok',
  },
  {
    name: 'update: no isFinished stored, text edited',
    as: 'ada',
    seed: { mine: without(originalTask, 'isFinished') },
    act: ({ task: at }) => updateDoc(at('mine'), { task: 'Water the ferns' }),
    expected: 'ok',
  },
  {
    name: 'update: no isFinished stored, ticked',
    as: 'ada',
    seed: { mine: without(originalTask, 'isFinished') },
    act: ({ task: at }) => updateDoc(at('mine'), { isFinished: true, order: 2 ** 40 }),
    expected: 'ok',
  },
  {
    name: 'update: a task of the original app, isFinished not a bool',
    as: 'ada',
    seed: { old: originalTask },
    act: ({ task: at }) => updateDoc(at('old'), { isFinished: 'yes' }),
    expected: 'permission-denied',
  },
  {
    name: 'update: another user’s task of the original app',
    as: 'ada',
    seed: { hers: { ...originalTask, email: GRACE } },
    act: ({ task: at }) => updateDoc(at('hers'), { isFinished: true }),
    expected: 'permission-denied',
  },

  // delete
  {
    name: 'delete: own task',
    as: 'ada',
    seed: own,
    act: ({ task: at }) => deleteDoc(at('mine')),
    then: async ({ stored }) => `stored: ${String((await stored('mine')) !== undefined)}`,
    expected: 'ok; stored: false',
  },
  {
    name: 'delete: another user’s task',
    as: 'ada',
    seed: hers,
    act: ({ task: at }) => deleteDoc(at('hers')),
    expected: 'permission-denied',
  },
  {
    name: 'delete: a missing task',
    as: 'ada',
    act: ({ task: at }) => deleteDoc(at('nothing')),
    expected: 'ok',
  },
  {
    name: 'delete: own task, no token',
    as: 'none',
    seed: own,
    act: ({ task: at }) => deleteDoc(at('mine')),
    expected: 'permission-denied',
  },
  {
    name: 'delete: own task, not verified',
    as: 'adaUnverified',
    seed: own,
    act: ({ task: at }) => deleteDoc(at('mine')),
    expected: 'permission-denied',
  },
  // Delete account deletes every task of the person in batches (src/features/account).
  {
    name: 'delete: a batch of own tasks',
    as: 'ada',
    seed: { mine: ownTask, second: task(ADA), original: originalTask },
    act: ({ db, task: at }) => {
      const batch = writeBatch(db)
      for (const id of ['mine', 'second', 'original']) batch.delete(at(id))
      return batch.commit()
    },
    then: async ({ stored }) => `left: ${String((await stored('second')) !== undefined)}`,
    expected: 'ok; left: false',
  },
  {
    name: 'delete: a batch holding another user’s task deletes nothing',
    as: 'ada',
    seed: { mine: ownTask, hers: task(GRACE) },
    act: ({ db, task: at }) => {
      const batch = writeBatch(db)
      batch.delete(at('mine'))
      batch.delete(at('hers'))
      return batch.commit()
    },
    then: async ({ stored }) =>
      `mine: ${String((await stored('mine')) !== undefined)}, hers: ${String((await stored('hers')) !== undefined)}`,
    expected: 'permission-denied; mine: true, hers: true',
  },

  // An import's batch: 500 creates, each rule looking the address's deletion record up (the same
  // document: the lookups stay within a batch's 20 document accesses).
  {
    name: 'create: a batch of 500 (an import) with the deletion record looked up for each',
    as: 'ada',
    act: batchOfNew(500),
    then: storedOrNot('new499'),
    expected: 'ok; stored: true',
  },
  ...DELETION_CASES,
  ...LIST_CASES,
]
