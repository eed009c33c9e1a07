import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app'
import {
  connectFirestoreEmulator,
  deleteDoc,
  doc,
  getDoc,
  getFirestore,
  serverTimestamp,
  setDoc,
  setLogLevel,
  type Firestore,
} from 'firebase/firestore/lite'
import { afterAll, expect, inject, it } from 'vitest'
import { CASES, MARKABLE, TOKENS, type CaseContext, type Outcome, type Who } from './cases'

// Each case of tests/rules/cases.ts through the real Firestore Lite SDK, against Google's
// Firestore emulator with firestore.rules (tests/emulators/globalSetup.ts starts it).

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

it.each(CASES.map((rulesCase, index) => ({ ...rulesCase, index })))(
  '$name',
  async (rulesCase) => {
    const prefix = `${run}-${String(rulesCase.index)}`
    const admin = as('owner')
    for (const [id, data] of Object.entries(rulesCase.seed ?? {})) {
      await setDoc(doc(admin, 'tasks', `${prefix}-${id}`), data)
    }
    // The marks are per uid, not per case: each case starts with only its own.
    for (const uid of MARKABLE) {
      const mark = doc(admin, 'deletedAccounts', uid)
      if (rulesCase.marked?.includes(uid)) await setDoc(mark, { at: serverTimestamp() })
      else await deleteDoc(mark)
    }
    const context: CaseContext = {
      db: as(rulesCase.as),
      task: (id) => doc(as(rulesCase.as), 'tasks', `${prefix}-${id}`),
      stored: async (id) => (await getDoc(doc(admin, 'tasks', `${prefix}-${id}`))).data(),
      mark: (uid) => doc(as(rulesCase.as), 'deletedAccounts', uid),
      storedMark: async (uid) => (await getDoc(doc(admin, 'deletedAccounts', uid))).data(),
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
