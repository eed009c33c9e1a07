import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app'
import {
  collection,
  connectFirestoreEmulator,
  deleteDoc,
  doc,
  getDoc,
  getDocs,
  getFirestore,
  setDoc,
  setLogLevel,
  Timestamp,
  writeBatch,
  type Firestore,
} from 'firebase/firestore/lite'
import { afterAll, expect, inject, it } from 'vitest'
import { CASES, RECORDED, TOKENS, type CaseContext, type Outcome, type Who } from './cases'
import { ADA, LISTED, SLASHED, keyOf, type SeededRecord } from './kit'

// Each case of tests/rules/cases.ts (and of the files it gathers) through the real Firestore Lite
// SDK, against Google's Firestore emulator with firestore.rules (tests/emulators/globalSetup.ts
// starts it).

setLogLevel('silent')
const { host, firestorePort } = inject('emulators')
const apps: FirebaseApp[] = []
afterAll(() => Promise.all(apps.map((app) => deleteApp(app))))

const dbs = new Map<Who, Firestore>()
function as(who: Who): Firestore {
  const known = dbs.get(who)
  if (known) return known
  const app = initializeApp({ projectId: 'demo-todo', apiKey: 'rules' }, `rules-${who}`)
  apps.push(app)
  const db = getFirestore(app)
  const token = TOKENS[who]
  connectFirestoreEmulator(
    db,
    host,
    firestorePort,
    token === undefined ? {} : { mockUserToken: token },
  )
  dbs.set(who, db)
  return db
}

function codeOf(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String(error.code)
    : `not a Firestore error: ${String(error)}`
}

// Document ids unique to this run: the emulator's data outlives a case.
const run = crypto.randomUUID().slice(0, 8)
const timesOf = (record: SeededRecord) =>
  Object.fromEntries(
    Object.entries(record).map(([field, value]) => [
      field,
      typeof value === 'number' ? Timestamp.fromMillis(value * 1000) : value,
    ]),
  )

it.each(CASES.map((rulesCase, index) => ({ ...rulesCase, index })))(
  '$name',
  async (rulesCase) => {
    const prefix = `${run}-${String(rulesCase.index)}`
    const admin = as('owner')
    for (const [id, data] of Object.entries(rulesCase.seed ?? {})) {
      await setDoc(doc(admin, 'tasks', `${prefix}-${id}`), data)
    }
    // The records are per address, not per case: each case starts with only its own.
    for (const email of RECORDED) {
      const record = doc(admin, 'deletions', keyOf(email))
      const seeded = rulesCase.records?.[email]
      if (seeded) await setDoc(record, timesOf(seeded))
      else await deleteDoc(record)
    }
    await deleteDoc(doc(admin, 'deletions', keyOf(SLASHED)))
    // Lists too: a slot is one of 200 for each address, never unique to a case.
    for (const email of LISTED) {
      const left = await getDocs(collection(admin, 'people', keyOf(email), 'lists'))
      const batch = writeBatch(admin)
      for (const list of left.docs) batch.delete(list.ref)
      const seeded = rulesCase.lists?.[email] ?? {}
      for (const [slot, data] of Object.entries(seeded)) {
        batch.set(doc(admin, 'people', keyOf(email), 'lists', slot), data)
      }
      await batch.commit()
    }
    const context: CaseContext = {
      db: as(rulesCase.as),
      task: (id) => doc(as(rulesCase.as), 'tasks', `${prefix}-${id}`),
      stored: async (id) => (await getDoc(doc(admin, 'tasks', `${prefix}-${id}`))).data(),
      record: (email) => doc(as(rulesCase.as), 'deletions', keyOf(email)),
      storedRecord: async (email) => (await getDoc(doc(admin, 'deletions', keyOf(email)))).data(),
      list: (slot, email = ADA) => doc(as(rulesCase.as), 'people', keyOf(email), 'lists', slot),
      lists: (email = ADA) => collection(as(rulesCase.as), 'people', keyOf(email), 'lists'),
      storedList: async (slot, email = ADA) =>
        (await getDoc(doc(admin, 'people', keyOf(email), 'lists', slot))).data(),
    }
    let outcome: Outcome
    try {
      await rulesCase.act(context)
      outcome = 'ok'
    } catch (error) {
      outcome = codeOf(error)
    }
    if (rulesCase.then) outcome += `; ${await rulesCase.then(context)}`
    expect(outcome).toBe(rulesCase.expected)
    // A batch of 500 takes the emulator tens of seconds on a busy machine.
  },
  180_000,
)
