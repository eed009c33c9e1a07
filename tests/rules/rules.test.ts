import { deleteApp, initializeApp, type FirebaseApp } from 'firebase/app'
import {
  connectFirestoreEmulator,
  doc,
  getDoc,
  getFirestore,
  setDoc,
  setLogLevel,
  type Firestore,
} from 'firebase/firestore/lite'
import { afterAll, expect, inject, it } from 'vitest'
import { CASES, TOKENS, type CaseContext, type Outcome, type Who } from './cases'

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

it.each(CASES.map((rulesCase, index) => ({ ...rulesCase, index })))('$name', async (rulesCase) => {
  const prefix = `${run}-${String(rulesCase.index)}`
  const admin = as('owner')
  for (const [id, data] of Object.entries(rulesCase.seed ?? {})) {
    await setDoc(doc(admin, 'tasks', `${prefix}-${id}`), data)
  }
  const context: CaseContext = {
    db: as(rulesCase.as),
    task: (id) => doc(as(rulesCase.as), 'tasks', `${prefix}-${id}`),
    stored: async (id) => (await getDoc(doc(admin, 'tasks', `${prefix}-${id}`))).data(),
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
})
