/**
 * The rules of Delete account (firestore.rules' `deletions`, docs/sync.md): a deletion under
 * way refuses the address's adds and changes; once an account is deleted, no token signed in
 * before it reaches anything of the address, while the next account with it works normally.
 */
import {
  collection,
  deleteDoc,
  deleteField,
  doc,
  getDoc,
  getDocs,
  runTransaction,
  serverTimestamp,
  setDoc,
  Timestamp,
  updateDoc,
  type DocumentData,
} from 'firebase/firestore/lite'
import {
  ADA,
  ADA_SIGNED_IN,
  GRACE,
  NOW,
  SLASHED,
  create,
  hers,
  own,
  ownTask,
  storedOrNot,
  task,
  tasksOf,
  type CaseContext,
  type RulesCase,
  type SeededRecord,
  type Who,
} from './kit'

/** Ada's account deleted five minutes ago: after `ada` signed in, before `adaNext` did. */
export const deleted: SeededRecord = { closedAt: NOW - 5 * 60 }
/** Ada deleting her account: begun a minute ago, after she signed in. */
export const closing: SeededRecord = { closing: 'ada', closingAt: NOW - 60 }
/** The same, its last step eleven minutes ago: lapsed (it counts for ten). */
export const lapsed: SeededRecord = { closing: 'ada', closingAt: NOW - 11 * 60 }

const begin = (uid: string) => ({ closing: uid, closingAt: serverTimestamp() })
const write =
  (data: DocumentData, email = ADA) =>
  ({ record }: CaseContext) =>
    setDoc(record(email), data, { merge: true })
const recordNow = async ({ storedRecord }: CaseContext) => {
  const kept = (await storedRecord(ADA)) ?? {}
  return `record: ${Object.keys(kept).sort().join(', ') || 'none'}`
}

/** Each way a token reaches Ada's tasks, as `as`, with each record: [name, act, then?]. */
const WAYS_IN: [string, (context: CaseContext) => Promise<unknown>, DocumentData | undefined][] = [
  ['lists', ({ db }) => tasksOf(db, ['email', '==', ADA]), undefined],
  ['reads', ({ task: at }) => getDoc(at('mine')), own],
  ['creates', create(ownTask), undefined],
  ['updates', ({ task: at }) => updateDoc(at('mine'), { isFinished: true }), own],
  ['deletes', ({ task: at }) => deleteDoc(at('mine')), own],
]

function waysIn(as: Who, record: SeededRecord, what: string, expected: string[]): RulesCase[] {
  return WAYS_IN.map(([way, act, seed], index) => ({
    name: `${what}: ${way}`,
    as,
    records: { [ADA]: record },
    ...(seed && { seed }),
    act,
    expected: expected[index] ?? 'missing',
  }))
}

export const DENIED = 'permission-denied'

export const DELETION_CASES: RulesCase[] = [
  // A token of the deleted account (valid for up to an hour after): nothing, every way in.
  ...waysIn('ada', deleted, 'deleted account’s old token', [
    DENIED,
    DENIED,
    DENIED,
    DENIED,
    DENIED,
  ]),
  {
    name: 'deleted account’s old token: removes the record',
    as: 'ada',
    records: { [ADA]: deleted },
    act: ({ record }) => deleteDoc(record(ADA)),
    then: recordNow,
    expected: `${DENIED}; record: closedAt`,
  },
  {
    name: 'deleted account’s old token: takes closedAt away',
    as: 'ada',
    records: { [ADA]: deleted },
    act: write({ closedAt: deleteField() }),
    then: recordNow,
    expected: `${DENIED}; record: closedAt`,
  },
  {
    name: 'deleted account’s old token: begins a deletion (to stop it after)',
    as: 'ada',
    records: { [ADA]: deleted },
    act: write(begin('ada')),
    expected: DENIED,
  },
  {
    name: 'deleted account’s old token: a batch deleting the next owner’s tasks',
    as: 'ada',
    records: { [ADA]: deleted },
    seed: own,
    act: ({ db, task: at }) =>
      runTransaction(db, (transaction) => {
        transaction.delete(at('mine'))
        return Promise.resolve()
      }),
    then: storedOrNot('mine'),
    expected: `${DENIED}; stored: true`,
  },
  {
    name: 'deleted account’s old token: reads the record (to learn it is closed)',
    as: 'ada',
    records: { [ADA]: deleted },
    act: ({ record }) => getDoc(record(ADA)),
    expected: 'ok',
  },
  // The next account with the address: everything, as any account.
  ...waysIn('adaNext', deleted, 'next account of the address', ['ok', 'ok', 'ok', 'ok', 'ok']),
  {
    name: 'next account of the address: begins its own deletion, the last one’s time kept',
    as: 'adaNext',
    records: { [ADA]: deleted },
    act: write(begin('ada-next')),
    then: recordNow,
    expected: 'ok; record: closedAt, closing, closingAt',
  },
  {
    name: 'next account of the address: takes closedAt away (old tokens would get back in)',
    as: 'adaNext',
    records: { [ADA]: deleted },
    act: write({ closedAt: deleteField() }),
    expected: DENIED,
  },
  {
    name: 'next account of the address: removes the record',
    as: 'adaNext',
    records: { [ADA]: deleted },
    act: ({ record }) => deleteDoc(record(ADA)),
    expected: DENIED,
  },
  {
    name: 'next account of the address: moves closedAt back',
    as: 'adaNext',
    records: { [ADA]: deleted },
    act: write({ closedAt: Timestamp.fromMillis((ADA_SIGNED_IN - 60) * 1000) }),
    expected: DENIED,
  },

  // A deletion under way (Ada's own, begun after her sign-in): adds and changes wait; her
  // tasks can be listed and deleted (that is how they go); nobody else is touched.
  ...waysIn('ada', closing, 'deletion under way', ['ok', 'ok', DENIED, DENIED, 'ok']),
  // Signed in since it began: a task stored now could come after the last step's listing.
  ...waysIn('adaFresh', closing, 'deletion under way, a sign-in since it began', [
    'ok',
    'ok',
    DENIED,
    DENIED,
    'ok',
  ]),
  ...waysIn('ada', lapsed, 'deletion lapsed', ['ok', 'ok', 'ok', 'ok', 'ok']),
  {
    name: 'deletion under way: another account creates as before',
    as: 'grace',
    records: { [ADA]: closing },
    act: create(task(GRACE)),
    expected: 'ok',
  },
  {
    name: 'deletion under way: its next step, 499 deletes and the record in one transaction',
    as: 'ada',
    records: { [ADA]: closing },
    seed: Object.fromEntries(Array.from({ length: 499 }, (_, i) => [`t${String(i)}`, ownTask])),
    act: ({ db, task: at, record }) =>
      runTransaction(db, (transaction) => {
        for (let i = 0; i < 499; i++) transaction.delete(at(`t${String(i)}`))
        transaction.set(record(ADA), begin('ada'), { merge: true })
        return Promise.resolve()
      }),
    then: storedOrNot('t498'),
    expected: 'ok; stored: false',
  },
  {
    name: 'deletion under way: stopped by its own uid, then creates again',
    as: 'ada',
    records: { [ADA]: closing },
    act: async (context) => {
      await write({ closing: deleteField(), closingAt: deleteField() })(context)
      await create(ownTask)(context)
    },
    then: recordNow,
    expected: 'ok; record: none',
  },
  {
    name: 'deletion under way: stopped by another uid of the address',
    as: 'adaNext',
    records: { [ADA]: closing },
    act: write({ closing: deleteField(), closingAt: deleteField() }),
    expected: DENIED,
  },
  {
    name: 'deletion under way: finished by its uid, the server’s time; then nothing of it goes in',
    as: 'ada',
    records: { [ADA]: closing },
    act: write({ closedAt: serverTimestamp(), closing: deleteField(), closingAt: deleteField() }),
    then: async (context) => {
      const kept = await recordNow(context)
      const again = await create(ownTask)(context).then(
        () => 'ok',
        (err: unknown) => String((err as { code?: unknown }).code),
      )
      return `${kept}; create after: ${again}`
    },
    expected: `ok; record: closedAt; create after: ${DENIED}`,
  },
  {
    name: 'deletion under way: finished with the client’s time',
    as: 'ada',
    records: { [ADA]: closing },
    act: write({ closedAt: Timestamp.now(), closing: deleteField(), closingAt: deleteField() }),
    expected: DENIED,
  },
  {
    name: 'deletion under way: finished by another uid of the address',
    as: 'adaNext',
    records: { [ADA]: closing },
    act: write({ closedAt: serverTimestamp(), closing: deleteField(), closingAt: deleteField() }),
    expected: DENIED,
  },
  {
    name: 'deletion under way: begun again by another uid of the address',
    as: 'adaNext',
    records: { [ADA]: closing },
    act: write(begin('ada-next')),
    expected: DENIED,
  },
  {
    name: 'deletion lapsed: begun again by another uid of the address',
    as: 'adaNext',
    records: { [ADA]: lapsed },
    act: write(begin('ada-next')),
    expected: 'ok',
  },

  // Beginning one: only the asker's own record, uid and the server's time, nothing else.
  { name: 'begin: own', as: 'ada', act: write(begin('ada')), expected: 'ok' },
  {
    name: 'begin: in another uid’s name',
    as: 'ada',
    act: write(begin('grace')),
    expected: DENIED,
  },
  {
    name: 'begin: the client’s time',
    as: 'ada',
    act: write({ closing: 'ada', closingAt: Timestamp.now() }),
    expected: DENIED,
  },
  {
    name: 'begin: with the address in it',
    as: 'ada',
    act: write({ ...begin('ada'), email: ADA }),
    expected: DENIED,
  },
  {
    name: 'begin: closed at once, with no deletion begun',
    as: 'ada',
    act: write({ closedAt: serverTimestamp() }),
    expected: DENIED,
  },
  {
    name: 'begin: another address’s record',
    as: 'grace',
    act: write(begin('grace'), ADA),
    then: recordNow,
    expected: `${DENIED}; record: none`,
  },
  { name: 'begin: not verified', as: 'adaUnverified', act: write(begin('ada')), expected: DENIED },
  { name: 'begin: no token', as: 'none', act: write(begin('ada')), expected: DENIED },
  {
    name: 'begin: an address with a slash (the id is its hash)',
    as: 'slashed',
    act: write(begin('slashed'), SLASHED),
    expected: 'ok',
  },
  {
    name: 'record: another address’s, read',
    as: 'grace',
    records: { [ADA]: deleted },
    act: ({ record }) => getDoc(record(ADA)),
    expected: DENIED,
  },
  {
    name: 'record: listed',
    as: 'ada',
    records: { [ADA]: deleted },
    act: ({ db }) => getDocs(collection(db, 'deletions')),
    expected: DENIED,
  },
  {
    name: 'record: own, read while there is none',
    as: 'ada',
    act: ({ record }) => getDoc(record(ADA)),
    expected: 'ok',
  },
  {
    name: 'record: another address’s, another account’s tasks untouched by it',
    as: 'grace',
    records: { [ADA]: deleted },
    seed: hers,
    act: ({ task: at }) => updateDoc(at('hers'), { isFinished: true }),
    expected: 'ok',
  },
  {
    name: 'the old collection of marks by uid: nothing',
    as: 'ada',
    act: ({ db }) => setDoc(doc(db, 'deletedAccounts', 'ada'), { at: serverTimestamp() }),
    expected: DENIED,
  },
]
