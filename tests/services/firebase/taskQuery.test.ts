import { collection, getDocs, query, where } from 'firebase/firestore/lite'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { fieldsFromPlain } from '../../../backend/index'
import { connectFirestore } from '../../../src/services/firebase/firestoreLite'
import { createFirestoreTaskRepository } from '../../../src/services/firebase/firestoreTaskRepository'
import { createTaskQuery, type TaskQueryAnswer } from '../../../src/services/firebase/taskQuery'
import { consoleLogger } from '../../../src/services/browser/logger'
import { createFirebaseHarness, settings } from '../../support/firebaseHarness'
import { server } from '../../setup'

const ADA = 'ada@example.com'
const GRACE = 'grace@example.com'
const harness = createFirebaseHarness()
beforeEach(harness.start)
afterEach(harness.stop)

const PATH = 'projects/demo-todo/databases/(default)/documents/tasks'
const seed = (id: string, data: Record<string, unknown>) =>
  harness.backend.store.put(`${PATH}/${id}`, fieldsFromPlain(data))
const seedTask = (id: string, task: string, order: number, email = ADA) => {
  seed(id, { task, isFinished: false, email, order })
}

/** The repository on the task query (in-thread), with every answer it gave kept. */
async function signedIn(email: string) {
  const { app, auth } = await harness.signedInServices(email)
  const answers: TaskQueryAnswer[] = []
  const ask = createTaskQuery()
  const tasks = createFirestoreTaskRepository(app, settings, consoleLogger, {
    query: async (request) => {
      const answer = await ask(request)
      answers.push(answer)
      return answer
    },
    idToken: () => auth.idToken(),
  })
  return { app, tasks, answers }
}

/** The runQuery requests the page makes while `run` runs: URL, headers and body. */
async function runQueryRequests(run: () => Promise<unknown>) {
  const seen: Promise<{ url: string; headers: Record<string, string>; body: unknown }>[] = []
  const listener = ({ request }: { request: Request }) => {
    if (!request.url.includes(':runQuery')) return
    const copy = request.clone()
    seen.push(
      copy.text().then((text) => ({
        url: copy.url,
        headers: Object.fromEntries(copy.headers),
        body: JSON.parse(text) as unknown,
      })),
    )
  }
  server.events.on('request:start', listener)
  try {
    await run()
  } finally {
    server.events.removeListener('request:start', listener)
  }
  return Promise.all(seen)
}

describe('the task query (taskQuery.ts), in-thread against the local backend', () => {
  it('sends the request Firestore Lite sends for the same query', async () => {
    const { app, tasks } = await signedIn(ADA)
    const db = connectFirestore(app, settings)
    const [ours] = await runQueryRequests(() => tasks.load(ADA))
    const [lite] = await runQueryRequests(() =>
      getDocs(query(collection(db, 'tasks'), where('email', '==', ADA))),
    )
    expect(ours?.url).toBe(lite?.url)
    expect(ours?.body).toEqual(lite?.body)
    const { 'x-goog-api-client': client, ...liteHeaders } = lite?.headers ?? {}
    expect(client).toMatch(/^gl-js\//)
    expect(ours?.headers).toEqual(liteHeaders)
  })

  it('an unchanged list comes back as the same array and objects, with nothing in the answer', async () => {
    seedTask('a1', 'One', 0)
    seedTask('a2', 'Two', 1)
    const { tasks, answers } = await signedIn(ADA)
    const first = await tasks.load(ADA)
    const second = await tasks.load(ADA)
    expect(second).toBe(first)
    expect(answers.map((answer) => answer.ok && answer.changed.length)).toEqual([2, 0])
    expect(answers[1]).toMatchObject({ ok: true, changed: [], removed: [] })
  })

  it('only what changed elsewhere crosses; the other tasks keep their objects', async () => {
    seedTask('a1', 'One', 0)
    seedTask('a2', 'Two', 1)
    seedTask('a3', 'Three', 2)
    const { tasks, answers } = await signedIn(ADA)
    const first = await tasks.load(ADA)
    seed('a2', { task: 'Two, edited', isFinished: true, email: ADA, order: 1 })
    harness.backend.store.applyChanges([{ name: `${PATH}/a3`, fields: null }])
    seedTask('a4', 'Four', 3)
    const second = await tasks.load(ADA)

    expect(answers[1]).toMatchObject({
      ok: true,
      changed: [
        { id: 'a2', task: 'Two, edited', isFinished: true },
        { id: 'a4', task: 'Four' },
      ],
      removed: ['a3'],
    })
    const byId = (list: typeof first, id: string) => list.find((task) => task.id === id)
    expect(second.map((task) => task.id).sort()).toEqual(['a1', 'a2', 'a4'])
    expect(byId(second, 'a1')).toBe(byId(first, 'a1'))
    expect(byId(second, 'a2')).toMatchObject({ task: 'Two, edited', isFinished: true })
  })

  it('a failed query changes nothing held: the next one still answers with the changes only', async () => {
    seedTask('a1', 'One', 0)
    const { tasks, answers } = await signedIn(ADA)
    const first = await tasks.load(ADA)
    harness.backend.faults.add({ kinds: ['runQuery'], status: 503, times: 1 })
    await expect(tasks.load(ADA)).rejects.toMatchObject({ code: 'unavailable' })
    harness.backend.faults.add({ kinds: ['runQuery'], networkError: true, times: 1 })
    await expect(tasks.load(ADA)).rejects.toMatchObject({ code: 'unknown' })
    seedTask('a2', 'Two', 1)
    const after = await tasks.load(ADA)
    expect(answers.at(-1)).toMatchObject({ ok: true, changed: [{ id: 'a2' }], removed: [] })
    expect(after.find((task) => task.id === 'a1')).toBe(first[0])
  })

  it('a query refused (another user’s e-mail) leaves the list held as it was', async () => {
    seedTask('a1', 'Ada', 0)
    seedTask('g1', 'Grace', 0, GRACE)
    const { tasks, answers } = await signedIn(ADA)
    await tasks.load(ADA)
    await expect(tasks.load(GRACE)).rejects.toMatchObject({ code: 'permission-denied' })
    const again = await tasks.load(ADA)
    expect(again.map((task) => task.id)).toEqual(['a1'])
    expect(answers.at(-1)).toMatchObject({ ok: true, changed: [] })
  })

  it('two loads at once both get the whole, current list', async () => {
    seedTask('a1', 'One', 0)
    const { tasks } = await signedIn(ADA)
    await tasks.load(ADA)
    seedTask('a2', 'Two', 1)
    const [one, two] = await Promise.all([tasks.load(ADA), tasks.load(ADA)])
    expect(one.map((task) => task.id).sort()).toEqual(['a1', 'a2'])
    expect(two.map((task) => task.id).sort()).toEqual(['a1', 'a2'])
  })
})
