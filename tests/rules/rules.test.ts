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
import { afterAll, describe, expect, inject, it } from 'vitest'
import { CASES, DIFFERENCES, TOKENS, type CaseContext, type Outcome, type Who } from './cases'

// Each case of tests/rules/cases.ts through the real Firestore Lite SDK, against the official
// emulator and against backend/ (tests/rules/engines.ts starts both): the same answers, except
// the differences listed there.

setLogLevel('silent')
const HOST = '127.0.0.1'
const apps: FirebaseApp[] = []
afterAll(() => Promise.all(apps.map((app) => deleteApp(app))))

function connect(port: number, who: Who): Firestore {
  const app = initializeApp({ projectId: 'demo-todo', apiKey: 'rules' }, `${String(port)}-${who}`)
  apps.push(app)
  const db = getFirestore(app)
  const token = TOKENS[who]
  connectFirestoreEmulator(db, HOST, port, token === undefined ? {} : { mockUserToken: token })
  return db
}

function codeOf(error: unknown): string {
  return typeof error === 'object' && error !== null && 'code' in error
    ? String(error.code)
    : `not a Firestore error: ${String(error)}`
}

let run = 0

for (const engine of inject('ruleEngines')) {
  const { port } = engine
  describe.skipIf(port === undefined)(
    `${engine.name}${engine.skipped ? `: skipped: ${engine.skipped}` : ''}`,
    () => {
      const dbs = new Map<Who, Firestore>()
      const as = (who: Who) => {
        const db = dbs.get(who) ?? connect(port ?? 0, who)
        dbs.set(who, db)
        return db
      }

      it.each(CASES.map((rulesCase, index) => ({ ...rulesCase, index })))(
        '$name',
        async (rulesCase) => {
          const prefix = `r${String(++run)}c${String(rulesCase.index)}`
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

          const difference = engine.name === 'backend/' ? DIFFERENCES[rulesCase.name] : undefined
          expect(outcome).toBe(difference?.backend ?? rulesCase.expected)
        },
      )
    },
  )
}

it('lists only differences that are in the table', () => {
  const names = new Set(CASES.map(({ name }) => name))
  expect(Object.keys(DIFFERENCES).filter((name) => !names.has(name))).toEqual([])
})
