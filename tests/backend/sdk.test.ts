/**
 * The real Firestore Lite SDK (firebase 12) against the backend's MSW handlers.
 */
import { type FirebaseApp, deleteApp, initializeApp } from 'firebase/app'
import {
  Bytes,
  type Firestore,
  GeoPoint,
  Timestamp,
  addDoc,
  arrayUnion,
  collection,
  connectFirestoreEmulator,
  deleteDoc,
  doc,
  getCount,
  getDoc,
  getDocs,
  getFirestore,
  increment,
  orderBy,
  query,
  runTransaction,
  serverTimestamp,
  setDoc,
  setLogLevel,
  updateDoc,
  where,
  writeBatch,
} from 'firebase/firestore/lite'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { createFirestoreBackend } from '../../backend/firestore/handlers'
// The project's MSW server (started by tests/setup.ts, onUnhandledFrame: 'error'): the
// backend's handlers join it for each test, as an app test would use them.
import { server } from '../setup'
import { ALICE, BOB, PROJECT, name } from './helpers'

const backend = createFirestoreBackend()
const apps: FirebaseApp[] = []

/** A Firestore Lite instance signed in (through an unsigned mock token) as `email`, or as the owner. */
function connect(user: string, mockToken?: { iat?: number }): Firestore {
  const app = initializeApp({ projectId: PROJECT, apiKey: 'demo' }, `sdk-test-${apps.length}`)
  apps.push(app)
  const db = getFirestore(app)
  const iat = mockToken?.iat ?? Math.floor(Date.now() / 1000) // the SDK's default iat 0 means exp 3600 (1970)
  connectFirestoreEmulator(db, '127.0.0.1', 8080, {
    mockUserToken: user === 'owner' ? 'owner' : { sub: `uid-${user}`, email: user, iat },
  })
  return db
}

let alice: Firestore
let bob: Firestore
let owner: Firestore

beforeAll(() => {
  setLogLevel('silent') // the SDK logs every failed RPC; these tests fail many on purpose
  alice = connect(ALICE)
  bob = connect(BOB)
  owner = connect('owner')
})

beforeEach(() => {
  server.use(...backend.handlers) // tests/setup.ts resets the handlers after each test
})

afterEach(() => {
  backend.reset()
})

afterAll(async () => {
  await Promise.all(apps.map((app) => deleteApp(app)))
})

const task = (email: string, text = 'Buy milk', order = 1) => ({
  task: text,
  isFinished: false,
  email,
  order,
})

async function codeOf(promise: Promise<unknown>): Promise<string> {
  try {
    await promise
  } catch (error) {
    return (error as { code?: string }).code ?? String(error)
  }
  return 'resolved'
}

describe('Firestore Lite against the backend', () => {
  it('setDoc stores the document exactly as the SDK sent it', async () => {
    await setDoc(doc(alice, 'tasks', 't1'), { ...task(ALICE), id: 't1', order: 2.5 })
    expect(backend.store.get(name('t1'))?.fields).toEqual({
      task: { stringValue: 'Buy milk' },
      isFinished: { booleanValue: false },
      email: { stringValue: ALICE },
      order: { doubleValue: 2.5 },
      id: { stringValue: 't1' },
    })
    const commit = backend.requests.list().at(-1)
    expect(commit).toMatchObject({ method: 'POST', kind: 'commit', status: 200 })
  })

  it('updateDoc merges, getDoc reads, deleteDoc deletes', async () => {
    const ref = doc(alice, 'tasks', 't1')
    await setDoc(ref, task(ALICE))
    await updateDoc(ref, { isFinished: true, task: 'Buy oat milk' })
    const snapshot = await getDoc(ref)
    expect(snapshot.data()).toEqual({ ...task(ALICE, 'Buy oat milk'), isFinished: true })
    await deleteDoc(ref)
    expect((await getDoc(ref)).exists()).toBe(false)
    expect(backend.store.size).toBe(0)
  })

  it('a query returns only own tasks', async () => {
    await setDoc(doc(alice, 'tasks', 'a2'), task(ALICE, 'second', 2))
    await setDoc(doc(alice, 'tasks', 'a1'), task(ALICE, 'first', 1))
    await setDoc(doc(bob, 'tasks', 'b1'), task(BOB, 'bob’s'))
    const own = await getDocs(query(collection(alice, 'tasks'), where('email', '==', ALICE)))
    expect(own.docs.map((snapshot) => snapshot.id)).toEqual(['a1', 'a2'])
    const sorted = await getDocs(
      query(collection(alice, 'tasks'), where('email', '==', ALICE), orderBy('order', 'desc')),
    )
    expect(sorted.docs.map((snapshot) => (snapshot.data() as { task: string }).task)).toEqual([
      'second',
      'first',
    ])
    expect(
      (await getCount(query(collection(bob, 'tasks'), where('email', '==', BOB)))).data().count,
    ).toBe(1)
  })

  it('rejects with permission-denied what the rules deny', async () => {
    await setDoc(doc(bob, 'tasks', 'b1'), task(BOB))
    expect(
      await codeOf(getDocs(query(collection(alice, 'tasks'), where('email', '==', BOB)))),
    ).toBe('permission-denied')
    expect(await codeOf(getDocs(collection(alice, 'tasks')))).toBe('permission-denied')
    expect(await codeOf(getDoc(doc(alice, 'tasks', 'b1')))).toBe('permission-denied')
    expect(await codeOf(setDoc(doc(alice, 'tasks', 'a1'), task(BOB)))).toBe('permission-denied')
    expect(await codeOf(setDoc(doc(alice, 'tasks', 'a1'), { ...task(ALICE), extra: 1 }))).toBe(
      'permission-denied',
    )
    expect(await codeOf(setDoc(doc(alice, 'tasks', 'a1'), task(ALICE, 'x'.repeat(1001))))).toBe(
      'permission-denied',
    )
    expect(await codeOf(updateDoc(doc(alice, 'tasks', 'b1'), { isFinished: true }))).toBe(
      'permission-denied',
    )
    expect(await codeOf(deleteDoc(doc(alice, 'tasks', 'b1')))).toBe('permission-denied')
    expect(backend.store.list().map((document) => document.name)).toEqual([name('b1')])
  })

  it('rejects updateDoc of a missing task with not-found, and addDoc creates', async () => {
    expect(await codeOf(updateDoc(doc(alice, 'tasks', 'gone'), { isFinished: true }))).toBe(
      'not-found',
    )
    const ref = await addDoc(collection(alice, 'tasks'), task(ALICE))
    expect(backend.store.get(name(ref.id))?.fields.task).toEqual({ stringValue: 'Buy milk' })
  })

  it('rejects an expired token: the SDK’s default mockUserToken (iat 0) unless expiry is not checked', async () => {
    const expired = connect(ALICE, { iat: 0 })
    const ownTasks = query(collection(expired, 'tasks'), where('email', '==', ALICE))
    expect(await codeOf(getDocs(ownTasks))).toBe('permission-denied')

    server.use(
      ...createFirestoreBackend({ store: backend.store, checkTokenExpiry: false }).handlers,
    )
    expect((await getDocs(ownTasks)).size).toBe(0)
  })

  it.each<[number, string]>([
    [503, 'unavailable'],
    [500, 'unknown'],
    [504, 'deadline-exceeded'],
    [429, 'resource-exhausted'],
    [409, 'aborted'],
    [403, 'permission-denied'],
  ])('an injected %i makes the SDK reject with %s', async (status, code) => {
    backend.faults.add({ status, times: 1 })
    expect(await codeOf(setDoc(doc(alice, 'tasks', 't1'), task(ALICE)))).toBe(code)
    expect(backend.store.size).toBe(0)
    await setDoc(doc(alice, 'tasks', 't1'), task(ALICE))
    expect(backend.store.size).toBe(1)
  })

  it('a dropped connection makes the SDK reject (code unknown: fetch failed)', async () => {
    backend.faults.add({ networkError: true, kinds: ['runQuery'], times: 1 })
    expect(
      await codeOf(getDocs(query(collection(alice, 'tasks'), where('email', '==', ALICE)))),
    ).toBe('unknown')
  })

  it('round-trips every value type the SDK encodes (owner token)', async () => {
    const ref = doc(owner, 'misc', 'values')
    const data = {
      s: 'ünï 😀',
      b: true,
      i: 42,
      d: 1.5,
      nan: NaN,
      inf: -Infinity,
      n: null,
      t: Timestamp.fromMillis(1234567),
      g: new GeoPoint(48.85, 2.35),
      bytes: Bytes.fromUint8Array(new Uint8Array([0, 1, 255])),
      arr: [1, 'a', { x: true }],
      m: { 'a-b': { c: 1 } },
      r: doc(owner, 'tasks', 't1'),
    }
    await setDoc(ref, data)
    const read = (await getDoc(ref)).data()
    expect(read).toMatchObject({
      s: 'ünï 😀',
      b: true,
      i: 42,
      d: 1.5,
      inf: -Infinity,
      n: null,
      arr: [1, 'a', { x: true }],
      m: { 'a-b': { c: 1 } },
    })
    expect(Number.isNaN(read?.nan)).toBe(true)
    expect((read?.t as Timestamp).toMillis()).toBe(1234567)
    expect((read?.g as GeoPoint).isEqual(new GeoPoint(48.85, 2.35))).toBe(true)
    expect((read?.bytes as Bytes).toUint8Array()).toEqual(new Uint8Array([0, 1, 255]))
    expect((read?.r as { path: string }).path).toBe('tasks/t1')
  })

  it('supports transforms, batches and transactions', async () => {
    const ref = doc(owner, 'misc', 'counter')
    await setDoc(ref, { n: 1, tags: ['a'] })
    await setDoc(
      ref,
      { n: increment(2), tags: arrayUnion('b', 'a'), at: serverTimestamp() },
      { merge: true },
    )
    const data = (await getDoc(ref)).data()
    expect(data).toMatchObject({ n: 3, tags: ['a', 'b'] })
    expect(data?.at).toBeInstanceOf(Timestamp)

    const batch = writeBatch(alice)
    batch.set(doc(alice, 'tasks', 'x'), task(ALICE))
    batch.set(doc(alice, 'tasks', 'y'), task(BOB)) // denied: the whole batch fails
    expect(await codeOf(batch.commit())).toBe('permission-denied')
    expect(backend.store.list({ collection: 'tasks' })).toEqual([])

    await setDoc(doc(alice, 'tasks', 't1'), task(ALICE))
    await runTransaction(alice, async (transaction) => {
      const snapshot = await transaction.get(doc(alice, 'tasks', 't1'))
      transaction.update(snapshot.ref, { order: (snapshot.data()?.order as number) + 1 })
    })
    expect(backend.store.get(name('t1'))?.fields.order).toEqual({ integerValue: '2' })
  })
})
