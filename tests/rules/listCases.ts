/**
 * The rules of lists (firestore.rules' validList and `people/{key}/lists/{slot}`): a task's
 * `list`, null for "My tasks" or one of 200 slots; and a person's own lists, under their
 * address's hash, reached by them alone, with Delete account's record as for tasks.
 */
import {
  collection,
  collectionGroup,
  deleteDoc,
  deleteField,
  doc,
  getDoc,
  getDocs,
  runTransaction,
  serverTimestamp,
  setDoc,
  updateDoc,
  writeBatch,
  type DocumentData,
} from 'firebase/firestore/lite'
import {
  ADA,
  GRACE,
  SLASHED,
  create,
  hers,
  inKeyOrder,
  keyOf,
  own,
  originalTask,
  ownTask,
  storedOrNot,
  without,
  type CaseContext,
  type LISTED,
  type RulesCase,
  type SeededRecord,
  type Who,
} from './kit'
import { DENIED, closing, deleted, lapsed } from './deletionCases'

type Listed = (typeof LISTED)[number]

/** A list as the app writes it (src/services/firebase/lists.ts's addList): `made` is random. */
const groceries = { name: 'Groceries', rank: 'a0', made: 'q7Xk2mPz9LwR' }
/** Another device's list, made in the same slot while offline. */
const trips = { name: 'Trips', rank: 'a1', made: 'Zr4nB8vT0cYe' }
/** Ada's list in slot 1; `of` another address's. */
const seeded = (of: Listed = ADA) => ({ [of]: { '1': groceries } })

const make =
  (data: DocumentData, slot = '1', email: string = ADA) =>
  ({ list }: CaseContext) =>
    setDoc(list(slot, email), data)
const change =
  (changes: DocumentData, slot = '1', email: string = ADA) =>
  ({ list }: CaseContext) =>
    updateDoc(list(slot, email), changes)
/** The list stored in `slot` afterwards, fields in name order, or undefined. */
const storedList =
  (slot = '1', email: string = ADA) =>
  async ({ storedList: at }: CaseContext) =>
    `stored: ${inKeyOrder(await at(slot, email))}`
/** A list of Ada's at a raw path under `people`, whatever its key. */
const atKey =
  (key: string, data: DocumentData = groceries) =>
  ({ db }: CaseContext) =>
    setDoc(doc(db, 'people', key, 'lists', '1'), data)

/** Each way a token reaches Ada's lists: [name, act, lists stored first]. */
const WAYS_IN: [string, (context: CaseContext) => Promise<unknown>, boolean][] = [
  ['reads a list', ({ list }) => getDoc(list('1')), true],
  ['lists its lists', ({ lists }) => getDocs(lists()), true],
  ['creates a list', make(groceries, '2'), false],
  ['renames a list', change({ name: 'Food' }), true],
  ['deletes a list', ({ list }) => deleteDoc(list('1')), true],
]

function waysIn(as: Who, record: SeededRecord, what: string, expected: string[]): RulesCase[] {
  return WAYS_IN.map(([way, act, stored], index) => ({
    name: `${what}: ${way}`,
    as,
    records: { [ADA]: record },
    ...(stored && { lists: seeded() }),
    act,
    expected: expected[index] ?? 'missing',
  }))
}

/** [what, data, expected] for a new list in slot 1, and for a rename or move where it applies. */
const NAMES = [
  ['a name', 'Groceries', 'ok'],
  ['a name with emoji', 'Trip 🌱', 'ok'],
  ['a name with spaces around it', '  Groceries  ', 'ok'],
  ['a name of 100 characters', 'x'.repeat(100), 'ok'],
  ['a name of 50 emoji (100 UTF-16 code units)', '🌱'.repeat(50), 'ok'],
  ['a name of 101 characters', 'x'.repeat(101), DENIED],
  ['a name of 99 characters and an emoji (101 code units)', `${'x'.repeat(99)}🌱`, DENIED],
  ['an empty name', '', DENIED],
  ['a name of only spaces', '   ', DENIED],
  ['a name of only a zero-width space', '\u200b', DENIED],
  ['a name of only BRAILLE PATTERN BLANK', '\u2800', DENIED],
  ['a name of only HANGUL FILLER', '\u3164', DENIED],
  ['a name not a string', 7, DENIED],
  ['a null name', null, DENIED],
] as const
const RANKS = [
  ['a rank, a fractional key', 'a0V', 'ok'],
  ['an empty rank (none)', '', 'ok'],
  ['a rank of 10,001 characters', `a0${'V'.repeat(9999)}`, DENIED],
  ['a rank with a character outside the keys’ digits', 'a0-1', DENIED],
  ['a rank a number', 5, DENIED],
  ['a null rank', null, DENIED],
] as const

export const LIST_CASES: RulesCase[] = [
  // A task's list: null ("My tasks") or a slot, "1" to "200", written as the app's LIST_ID.
  ...(
    [
      ['none (null): My tasks', null, 'ok'],
      ['"1", the first slot', '1', 'ok'],
      ['"9"', '9', 'ok'],
      ['"10"', '10', 'ok'],
      ['"99"', '99', 'ok'],
      ['"100"', '100', 'ok'],
      ['"199"', '199', 'ok'],
      ['"200", the last slot', '200', 'ok'],
      ['"0"', '0', DENIED],
      ['"201", past the last slot', '201', DENIED],
      ['"300"', '300', DENIED],
      ['"2000"', '2000', DENIED],
      ['"01", a leading zero', '01', DENIED],
      ['"abc"', 'abc', DENIED],
      ['"1a"', '1a', DENIED],
      ['" 1", a space', ' 1', DENIED],
      ['"-1"', '-1', DENIED],
      ['"1.0"', '1.0', DENIED],
      ['empty', '', DENIED],
      ['a number', 7, DENIED],
      ['an array', ['1'], DENIED],
      ['a list’s path', 'people/x/lists/1', DENIED],
    ] as const
  ).flatMap(([what, list, expected]): RulesCase[] => [
    { name: `create: list ${what}`, as: 'ada', act: create({ ...ownTask, list }), expected },
    {
      name: `update: list ${what}`,
      as: 'ada',
      seed: own,
      act: ({ task: at }) => updateDoc(at('mine'), { list }),
      expected,
    },
  ]),
  {
    name: 'create: no list field (My tasks, as every task written before lists)',
    as: 'ada',
    act: create(without(ownTask, 'list')),
    then: async ({ stored }) => `list: ${String((await stored('new'))?.list)}`,
    expected: 'ok; list: undefined',
  },
  {
    name: 'update: moved from a list back to My tasks (null)',
    as: 'ada',
    seed: { mine: { ...ownTask, list: '5' } },
    act: ({ task: at }) => updateDoc(at('mine'), { list: null }),
    expected: 'ok',
  },
  {
    name: 'update: moved to another list, placed there (list, order and rank)',
    as: 'ada',
    seed: { mine: { ...ownTask, list: '5' } },
    act: ({ task: at }) => updateDoc(at('mine'), { list: '7', order: 3, rank: 'a1' }),
    expected: 'ok',
  },
  {
    name: 'update: removing the list field (a field removed fails its check)',
    as: 'ada',
    seed: { mine: { ...ownTask, list: '5' } },
    act: ({ task: at }) => updateDoc(at('mine'), { list: deleteField() }),
    expected: DENIED,
  },
  {
    name: 'update: a task of the original app moved to a list',
    as: 'ada',
    seed: { old: originalTask },
    act: ({ task: at }) => updateDoc(at('old'), { list: '3' }),
    then: async ({ stored }) => `stored: ${inKeyOrder(await stored('old'))}`,
    expected: `ok; stored: ${inKeyOrder({ ...originalTask, list: '3' })}`,
  },
  {
    name: 'update: a stored list that is no slot (another client’s) stays when ticked',
    as: 'ada',
    seed: { mine: { ...ownTask, list: 'abc' } },
    act: ({ task: at }) => updateDoc(at('mine'), { isFinished: true, order: 2 ** 40 }),
    expected: 'ok',
  },
  {
    name: 'update: own task replaced whole (setDoc) with list "201"',
    as: 'ada',
    seed: own,
    act: ({ task: at }) => setDoc(at('mine'), { ...ownTask, list: '201' }),
    expected: DENIED,
  },
  {
    name: 'update: another user’s task moved into a list',
    as: 'ada',
    seed: hers,
    act: ({ task: at }) => updateDoc(at('hers'), { list: '1' }),
    expected: DENIED,
  },

  // A list made: in a slot, "1" to "200", exactly name, rank and made, each valid.
  ...['1', '57', '100', '200'].map((slot): RulesCase => ({
    name: `lists: create in slot "${slot}"`,
    as: 'ada',
    act: make(groceries, slot),
    then: storedList(slot),
    expected: `ok; stored: ${inKeyOrder(groceries)}`,
  })),
  ...['0', '201', '2000', '01', 'x', '-1', '1a', 'my-tasks'].map((slot): RulesCase => ({
    name: `lists: create in slot "${slot}"`,
    as: 'ada',
    act: make(groceries, slot),
    then: storedList(slot),
    expected: `${DENIED}; stored: undefined`,
  })),
  ...(['name', 'rank', 'made'] as const).map((field): RulesCase => ({
    name: `lists: create with no ${field}`,
    as: 'ada',
    act: make(without(groceries, field)),
    expected: DENIED,
  })),
  ...(
    [
      ['the address', { email: ADA }],
      ['a colour', { colour: 'red' }],
      ['an id', { id: '1' }],
    ] as const
  ).map(([what, extra]): RulesCase => ({
    name: `lists: create with an extra field, ${what}`,
    as: 'ada',
    act: make({ ...groceries, ...extra }),
    expected: DENIED,
  })),
  {
    name: 'lists: create with no fields',
    as: 'ada',
    act: make({}),
    expected: DENIED,
  },
  ...[...NAMES, ...RANKS].map(([what, value, expected]): RulesCase => ({
    name: `lists: create with ${what}`,
    as: 'ada',
    act: make({ ...groceries, [what.includes('rank') ? 'rank' : 'name']: value }),
    expected,
  })),
  ...(
    [
      ['8 characters', 'a1B2c3D4', 'ok'],
      ['40 characters', 'aZ09'.repeat(10), 'ok'],
      ['7 characters', 'a1B2c3D', DENIED],
      ['41 characters', `${'aZ09'.repeat(10)}x`, DENIED],
      ['empty', '', DENIED],
      ['a hyphen', 'a1B2-c3D4', DENIED],
      ['an underscore', 'a1B2_c3D4', DENIED],
      ['a space', 'a1B2 c3D4', DENIED],
      ['a letter with an accent', 'a1B2é3D4', DENIED],
      ['a number', 12345678, DENIED],
      ['null', null, DENIED],
    ] as const
  ).map(([what, made, expected]): RulesCase => ({
    name: `lists: create with made ${what}`,
    as: 'ada',
    act: make({ ...groceries, made }),
    expected,
  })),
  {
    name: 'lists: create a batch of three lists',
    as: 'ada',
    act: ({ db, list }) => {
      const batch = writeBatch(db)
      for (const slot of ['1', '2', '3']) batch.set(list(slot), { ...groceries, rank: `a${slot}` })
      return batch.commit()
    },
    then: storedList('3'),
    expected: `ok; stored: ${inKeyOrder({ ...groceries, rank: 'a3' })}`,
  },

  // Two devices making a list in one slot offline: the second set() arrives as an update that
  // changes `made`, and is refused; the first stays whole.
  {
    name: 'lists: the same slot made again by another device (another made)',
    as: 'ada',
    lists: seeded(),
    act: make(trips),
    then: storedList(),
    expected: `${DENIED}; stored: ${inKeyOrder(groceries)}`,
  },
  {
    name: 'lists: the same slot made again, its made kept (the SDK sending it again)',
    as: 'ada',
    lists: seeded(),
    act: make(groceries),
    expected: 'ok',
  },
  {
    name: 'lists: set over a list, its made kept, renamed and moved',
    as: 'ada',
    lists: seeded(),
    act: make({ ...groceries, name: 'Food', rank: 'a5' }),
    then: storedList(),
    expected: `ok; stored: ${inKeyOrder({ ...groceries, name: 'Food', rank: 'a5' })}`,
  },

  // A list changed: its name and its rank only.
  {
    name: 'lists: renamed',
    as: 'ada',
    lists: seeded(),
    act: change({ name: 'Food' }),
    then: storedList(),
    expected: `ok; stored: ${inKeyOrder({ ...groceries, name: 'Food' })}`,
  },
  {
    name: 'lists: moved (rank)',
    as: 'ada',
    lists: seeded(),
    act: change({ rank: 'Zz' }),
    expected: 'ok',
  },
  {
    name: 'lists: renamed and moved',
    as: 'ada',
    lists: seeded(),
    act: change({ name: 'Food', rank: 'a0V' }),
    expected: 'ok',
  },
  ...[...NAMES, ...RANKS]
    .filter(([, , expected]) => expected === DENIED)
    .map(([what, value, expected]): RulesCase => ({
      name: `lists: changed to ${what}`,
      as: 'ada',
      lists: seeded(),
      act: change({ [what.includes('rank') ? 'rank' : 'name']: value }),
      expected,
    })),
  {
    name: 'lists: renamed to 100 characters',
    as: 'ada',
    lists: seeded(),
    act: change({ name: 'x'.repeat(100) }),
    expected: 'ok',
  },
  {
    name: 'lists: made changed',
    as: 'ada',
    lists: seeded(),
    act: change({ made: trips.made }),
    expected: DENIED,
  },
  ...(['name', 'rank', 'made'] as const).map((field): RulesCase => ({
    name: `lists: ${field} removed`,
    as: 'ada',
    lists: seeded(),
    act: change({ [field]: deleteField() }),
    expected: DENIED,
  })),
  {
    name: 'lists: an extra field added',
    as: 'ada',
    lists: seeded(),
    act: change({ colour: 'red' }),
    expected: DENIED,
  },
  {
    name: 'lists: a missing list renamed',
    as: 'ada',
    act: change({ name: 'Food' }),
    expected: DENIED,
  },

  // Read and delete: one's own, any slot.
  {
    name: 'lists: read own',
    as: 'ada',
    lists: seeded(),
    act: ({ list }) => getDoc(list('1')),
    expected: 'ok',
  },
  {
    name: 'lists: read own, a missing one',
    as: 'ada',
    act: ({ list }) => getDoc(list('7')),
    expected: 'ok',
  },
  {
    name: 'lists: own listed',
    as: 'ada',
    lists: { [ADA]: { '1': groceries, '200': trips } },
    act: async ({ lists }) => {
      const { docs } = await getDocs(lists())
      if (docs.length !== 2) throw new Error(`${String(docs.length)} lists`)
    },
    expected: 'ok',
  },
  {
    name: 'lists: delete own',
    as: 'ada',
    lists: seeded(),
    act: ({ list }) => deleteDoc(list('1')),
    then: storedList(),
    expected: 'ok; stored: undefined',
  },
  {
    name: 'lists: delete own, a missing one',
    as: 'ada',
    act: ({ list }) => deleteDoc(list('7')),
    expected: 'ok',
  },
  {
    name: 'lists: delete own, every one in a batch',
    as: 'ada',
    lists: { [ADA]: { '1': groceries, '2': trips, '200': groceries } },
    act: ({ db, list }) => {
      const batch = writeBatch(db)
      for (const slot of ['1', '2', '200']) batch.delete(list(slot))
      return batch.commit()
    },
    then: storedList('200'),
    expected: 'ok; stored: undefined',
  },

  // Another person's lists: nothing, every way; theirs are as they were.
  {
    name: 'lists: another person’s, read',
    as: 'ada',
    lists: seeded(GRACE),
    act: ({ list }) => getDoc(list('1', GRACE)),
    expected: DENIED,
  },
  {
    name: 'lists: another person’s, a missing one read',
    as: 'ada',
    act: ({ list }) => getDoc(list('1', GRACE)),
    expected: DENIED,
  },
  {
    name: 'lists: another person’s, listed',
    as: 'ada',
    lists: seeded(GRACE),
    act: ({ lists }) => getDocs(lists(GRACE)),
    expected: DENIED,
  },
  {
    name: 'lists: another person’s, created',
    as: 'ada',
    act: make(groceries, '1', GRACE),
    then: storedList('1', GRACE),
    expected: `${DENIED}; stored: undefined`,
  },
  {
    name: 'lists: another person’s, renamed',
    as: 'ada',
    lists: seeded(GRACE),
    act: change({ name: 'Mine now' }, '1', GRACE),
    then: storedList('1', GRACE),
    expected: `${DENIED}; stored: ${inKeyOrder(groceries)}`,
  },
  {
    name: 'lists: another person’s, replaced with its own made',
    as: 'ada',
    lists: seeded(GRACE),
    act: make({ ...groceries, name: 'Mine now' }, '1', GRACE),
    expected: DENIED,
  },
  {
    name: 'lists: another person’s, deleted',
    as: 'ada',
    lists: seeded(GRACE),
    act: ({ list }) => deleteDoc(list('1', GRACE)),
    then: storedList('1', GRACE),
    expected: `${DENIED}; stored: ${inKeyOrder(groceries)}`,
  },
  {
    name: 'lists: the other person’s own, created (the same slot as Ada’s)',
    as: 'grace',
    lists: seeded(),
    act: make(trips, '1', GRACE),
    expected: 'ok',
  },
  {
    name: 'lists: everyone’s, a collection-group query',
    as: 'ada',
    lists: seeded(),
    act: ({ db }) => getDocs(collectionGroup(db, 'lists')),
    expected: DENIED,
  },
  {
    name: 'lists: the people, listed',
    as: 'ada',
    act: ({ db }) => getDocs(collection(db, 'people')),
    expected: DENIED,
  },
  {
    name: 'lists: the person’s document itself',
    as: 'ada',
    act: ({ db }) => setDoc(doc(db, 'people', keyOf(ADA)), { name: 'Ada' }),
    expected: DENIED,
  },
  {
    name: 'lists: another collection under the person',
    as: 'ada',
    act: ({ db }) => setDoc(doc(db, 'people', keyOf(ADA), 'notes', '1'), groceries),
    expected: DENIED,
  },
  {
    name: 'lists: keyed by the address itself, not its hash',
    as: 'ada',
    act: atKey(ADA),
    expected: DENIED,
  },
  {
    name: 'lists: keyed by the hash in capitals',
    as: 'ada',
    act: atKey(keyOf(ADA).toUpperCase()),
    expected: DENIED,
  },
  {
    name: 'lists: keyed by the hash of the address in capitals',
    as: 'ada',
    act: atKey(keyOf(ADA.toUpperCase())),
    expected: DENIED,
  },
  {
    name: 'lists: an address with a slash (the key is its hash)',
    as: 'slashed',
    act: make(groceries, '1', SLASHED),
    then: storedList('1', SLASHED),
    expected: `ok; stored: ${inKeyOrder(groceries)}`,
  },

  // Tokens: a verified e-mail address, as for tasks.
  ...(['none', 'adaUnverified', 'adaWithoutVerifiedClaim', 'withoutEmail'] as const).flatMap(
    (as): RulesCase[] => [
      { name: `lists: create, as ${as}`, as, act: make(groceries), expected: DENIED },
      {
        name: `lists: read, as ${as}`,
        as,
        lists: seeded(),
        act: ({ list }) => getDoc(list('1')),
        expected: DENIED,
      },
      {
        name: `lists: listed, as ${as}`,
        as,
        lists: seeded(),
        act: ({ lists }) => getDocs(lists()),
        expected: DENIED,
      },
      {
        name: `lists: renamed, as ${as}`,
        as,
        lists: seeded(),
        act: change({ name: 'Food' }),
        expected: DENIED,
      },
      {
        name: `lists: deleted, as ${as}`,
        as,
        lists: seeded(),
        act: ({ list }) => deleteDoc(list('1')),
        then: storedList(),
        expected: `${DENIED}; stored: ${inKeyOrder(groceries)}`,
      },
    ],
  ),
  {
    name: 'lists: the admin, anything',
    as: 'owner',
    act: make({ anything: 1 }, 'x'),
    expected: 'ok',
  },

  // Delete account: a token signed in before the deletion reaches none of the address's lists;
  // while one is under way, lists are read and deleted (that is how they go), never stored.
  ...waysIn('ada', deleted, 'deleted account’s old token', [
    DENIED,
    DENIED,
    DENIED,
    DENIED,
    DENIED,
  ]),
  {
    name: 'deleted account’s old token: makes a list again in its slot (its made kept)',
    as: 'ada',
    records: { [ADA]: deleted },
    lists: seeded(),
    act: make(groceries),
    expected: DENIED,
  },
  ...waysIn('adaNext', deleted, 'next account of the address', ['ok', 'ok', 'ok', 'ok', 'ok']),
  ...waysIn('ada', closing, 'deletion under way', ['ok', 'ok', DENIED, DENIED, 'ok']),
  ...waysIn('adaFresh', closing, 'deletion under way, a sign-in since it began', [
    'ok',
    'ok',
    DENIED,
    DENIED,
    'ok',
  ]),
  ...waysIn('ada', lapsed, 'deletion lapsed', ['ok', 'ok', 'ok', 'ok', 'ok']),
  {
    name: 'deletion under way: another person makes a list as before',
    as: 'grace',
    records: { [ADA]: closing },
    act: make(trips, '1', GRACE),
    expected: 'ok',
  },
  {
    name: 'deletion under way: its next step, tasks, lists and the record in one transaction',
    as: 'ada',
    records: { [ADA]: closing },
    seed: own,
    lists: { [ADA]: { '1': groceries, '200': trips } },
    act: ({ db, task: at, list, record }) =>
      runTransaction(db, (transaction) => {
        transaction.delete(at('mine'))
        transaction.delete(list('1'))
        transaction.delete(list('200'))
        transaction.set(
          record(ADA),
          { closing: 'ada', closingAt: serverTimestamp() },
          { merge: true },
        )
        return Promise.resolve()
      }),
    then: async (context) =>
      `${await storedOrNot('mine')(context)}; list ${await storedList('200')(context)}`,
    expected: 'ok; stored: false; list stored: undefined',
  },
]
