/**
 * backend/ over its REST surface, request by request (`backend.handle`, no network): what the
 * app's Firestore Lite calls get back. The rules themselves are checked, against the official
 * emulator too, by the rules table (tests/rules).
 */
import { afterEach, describe, expect, it } from 'vitest'

import { createFirestoreBackend } from '../index'
import {
  ALICE,
  ANY_STRING,
  BASE,
  BOB,
  ROOT,
  call,
  deleteWrite,
  errorStatus,
  idToken,
  name,
  rpcRequest,
  setWrite,
  taskFields,
  tasksQuery,
  tokenFor,
  updateWrite,
} from './helpers'

const backend = createFirestoreBackend()
afterEach(() => {
  backend.reset()
})

const commit = (...writes: unknown[]) => call(backend, 'commit', { writes })
const stored = (id: string) => backend.store.get(name(id))?.fields

describe('commit', () => {
  it('stores a setDoc write as sent and answers its update time and the commit time', async () => {
    const result = await commit(setWrite('t1', taskFields()))
    expect(result.status).toBe(200)
    expect(result.body).toEqual({
      writeResults: [{ updateTime: ANY_STRING }],
      commitTime: ANY_STRING,
    })
    expect(stored('t1')).toEqual(taskFields())
    const { createTime, updateTime } = backend.store.get(name('t1')) ?? {}
    expect(createTime).toBe(updateTime)
  })

  it('merges an updateDoc into the stored task, keeping createTime and moving updateTime on', async () => {
    await commit(setWrite('t1', taskFields()))
    const before = backend.store.get(name('t1'))
    const result = await commit(updateWrite('t1', { isFinished: { booleanValue: true } }))
    expect(result.status).toBe(200)
    expect(stored('t1')).toEqual(taskFields(ALICE, { isFinished: { booleanValue: true } }))
    const after = backend.store.get(name('t1'))
    expect(after?.createTime).toBe(before?.createTime)
    expect((after?.updateTime ?? '') > (before?.updateTime ?? '')).toBe(true)
  })

  it('deletes, and deleting a missing task succeeds', async () => {
    await commit(setWrite('t1', taskFields()))
    expect((await commit(deleteWrite('t1'), deleteWrite('never'))).status).toBe(200)
    expect(backend.store.size).toBe(0)
  })

  it('applies all writes of a commit or none: one refused write keeps every document as it was', async () => {
    const result = await commit(setWrite('mine', taskFields()), setWrite('theirs', taskFields(BOB)))
    expect(result.status).toBe(403)
    expect(backend.store.size).toBe(0)
  })

  it('judges updateDoc of a missing task by the update rule first: 403 to a user, 404 to the admin', async () => {
    const update = updateWrite('gone', { isFinished: { booleanValue: true } })
    expect(errorStatus(await commit(update))).toBe('PERMISSION_DENIED')
    const asOwner = await call(backend, 'commit', { writes: [update] }, { token: 'owner' })
    expect(asOwner.status).toBe(404)
    expect(errorStatus(asOwner)).toBe('NOT_FOUND')
    expect(backend.store.size).toBe(0)
  })

  it('checks exists: false and updateTime preconditions', async () => {
    const created = (await commit(setWrite('t1', taskFields()))).body as { commitTime: string }
    const create = {
      ...(setWrite('t1', taskFields()) as object),
      currentDocument: { exists: false },
    }
    expect(errorStatus(await commit(create))).toBe('ALREADY_EXISTS')
    const at = (updateTime: string) => ({
      ...(setWrite('t1', taskFields(ALICE, { task: { stringValue: 'Again' } })) as object),
      currentDocument: { updateTime },
    })
    const stale = await commit(at('2020-01-01T00:00:00.000001Z'))
    expect([stale.status, errorStatus(stale)]).toEqual([400, 'FAILED_PRECONDITION'])
    expect((await commit(at(created.commitTime))).status).toBe(200)
  })
})

describe('batchGet and runQuery', () => {
  it('batchGet answers found and missing entries in request order', async () => {
    await commit(setWrite('t1', taskFields()))
    const result = await call(backend, 'batchGet', { documents: [name('nope'), name('t1')] })
    expect(result.body).toEqual([
      { missing: name('nope'), readTime: ANY_STRING },
      {
        found: {
          name: name('t1'),
          fields: taskFields(),
          createTime: ANY_STRING,
          updateTime: ANY_STRING,
        },
        readTime: ANY_STRING,
      },
    ])
  })

  it('runQuery answers the tasks matching every equality, by document name, or [{readTime}]', async () => {
    await commit(setWrite('b', taskFields()), setWrite('a', taskFields()))
    await call(
      backend,
      'commit',
      { writes: [setWrite('c', taskFields(BOB))] },
      { token: tokenFor(BOB) },
    )
    const names = async (query: unknown) =>
      ((await call(backend, 'runQuery', query)).body as { document?: { name: string } }[]).map(
        (entry) => entry.document?.name ?? 'none',
      )
    expect(await names(tasksQuery(ALICE))).toEqual([name('a'), name('b')])
    const finished = tasksQuery(ALICE) as { structuredQuery: Record<string, unknown> }
    finished.structuredQuery.where = {
      compositeFilter: {
        op: 'AND',
        filters: [
          finished.structuredQuery.where,
          {
            fieldFilter: {
              field: { fieldPath: 'isFinished' },
              op: 'EQUAL',
              value: { booleanValue: true },
            },
          },
        ],
      },
    }
    expect(await names(finished)).toEqual(['none'])
  })

  it('refuses, with 400 naming the official emulator, what the app never asks', async () => {
    const query = (extra: Record<string, unknown>) => {
      const base = tasksQuery(ALICE) as { structuredQuery: Record<string, unknown> }
      return { structuredQuery: { ...base.structuredQuery, ...extra } }
    }
    for (const body of [
      query({ limit: 10 }),
      query({ orderBy: [{ field: { fieldPath: 'order' }, direction: 'ASCENDING' }] }),
      query({ from: [{ collectionId: 'tasks', allDescendants: true }] }),
      {
        structuredQuery: (tasksQuery(ALICE) as { structuredQuery: object }).structuredQuery,
        transaction: 'x',
      },
    ]) {
      const result = await call(backend, 'runQuery', body)
      expect(result.status).toBe(400)
      expect(JSON.stringify(result.body)).toContain('official emulator')
    }
    const map = setWrite('t1', taskFields(ALICE, { tags: { arrayValue: {} } } as never))
    expect((await commit(map)).status).toBe(400)
  })
})

describe('tokens, as Firestore answers them', () => {
  it('no token: the rules refuse (403); a malformed or expired one: 401 UNAUTHENTICATED', async () => {
    const write = { writes: [setWrite('t1', taskFields())] }
    expect((await call(backend, 'commit', write, { token: null })).status).toBe(403)
    const malformed = await call(backend, 'commit', write, { token: 'not-a-jwt' })
    expect([malformed.status, errorStatus(malformed)]).toEqual([401, 'UNAUTHENTICATED'])
    const past = Math.floor(Date.now() / 1000) - 60
    const expired = await call(backend, 'commit', write, { token: tokenFor(ALICE, { exp: past }) })
    expect([expired.status, errorStatus(expired)]).toEqual([401, 'UNAUTHENTICATED'])
    const unverified = tokenFor(ALICE, { email_verified: false })
    expect((await call(backend, 'commit', write, { token: unverified })).status).toBe(403)
    expect(
      (await call(backend, 'commit', write, { token: idToken({ email: ALICE }) })).status,
    ).toBe(403)
    expect(backend.store.size).toBe(0)
  })
})

describe('HTTP surface', () => {
  it('answers bad JSON, unknown fields and bodies over 1 MiB with 400 in Google’s format', async () => {
    expect(errorStatus(await call(backend, 'commit', null, { raw: '{' }))).toBe('INVALID_ARGUMENT')
    expect((await call(backend, 'commit', { writes: [], extra: 1 })).status).toBe(400)
    const big = await call(backend, 'commit', null, { raw: 'x'.repeat(1024 * 1024 + 1) })
    expect(big.body).toEqual({
      error: {
        code: 400,
        message: expect.stringContaining('exceeds') as unknown,
        status: 'INVALID_ARGUMENT',
      },
    })
  })

  it('answers the health check, clears a project, and 404 elsewhere', async () => {
    expect(await (await backend.handle(new Request(`${BASE}/`))).text()).toBe('Ok\n')
    await commit(setWrite('t1', taskFields()))
    const clear = new Request(
      `${BASE}/emulator/v1/projects/demo-todo/databases/(default)/documents`,
      {
        method: 'DELETE',
      },
    )
    expect((await backend.handle(clear)).status).toBe(200)
    expect(backend.store.size).toBe(0)
    expect((await backend.handle(new Request(`${BASE}/elsewhere`))).status).toBe(404)
    const other = await call(
      backend,
      'commit',
      { writes: [] },
      {
        path: '/v1/projects/demo-todo/databases/other/documents:commit',
      },
    )
    expect(other.status).toBe(404)
  })

  it('answers CORS preflights for local origins only, and sends the origin on answers', async () => {
    const preflight = (origin: string) =>
      backend.handle(
        new Request(`${BASE}/v1/${ROOT}:commit`, {
          method: 'OPTIONS',
          headers: {
            Origin: origin,
            'Access-Control-Request-Headers': 'authorization,content-type',
          },
        }),
      )
    const local = await preflight('http://127.0.0.1:5173')
    expect(local.status).toBe(204)
    expect(local.headers.get('access-control-allow-origin')).toBe('http://127.0.0.1:5173')
    expect(local.headers.get('access-control-allow-headers')).toBe('authorization,content-type')
    expect(
      (await preflight('https://evil.example')).headers.get('access-control-allow-origin'),
    ).toBeNull()
    const answer = await backend.handle(
      rpcRequest('runQuery', tasksQuery(ALICE), { origin: 'http://localhost:4173' }),
    )
    expect(answer.headers.get('access-control-allow-origin')).toBe('http://localhost:4173')
  })
})

describe('faults', () => {
  it('fail the next N RPCs of a kind in Google’s format, without applying them', async () => {
    backend.faults.add({ kinds: ['commit'], status: 503, times: 1 })
    const failed = await commit(setWrite('t1', taskFields()))
    expect([failed.status, errorStatus(failed)]).toEqual([503, 'UNAVAILABLE'])
    expect(backend.store.size).toBe(0)
    expect((await call(backend, 'runQuery', tasksQuery(ALICE))).status).toBe(200)
    expect((await commit(setWrite('t1', taskFields()))).status).toBe(200)
  })

  it('drop the connection, or apply the commit and then fail its answer (phase after)', async () => {
    backend.faults.add({ networkError: true, times: 1 })
    expect((await backend.handle(rpcRequest('runQuery', tasksQuery(ALICE)))).type).toBe('error')
    backend.faults.add({ kinds: ['commit'], status: 503, phase: 'after', times: 1 })
    expect((await commit(setWrite('t1', taskFields()))).status).toBe(503)
    expect(stored('t1')).toEqual(taskFields())
  })

  it('fail a seeded random share reproducibly, and add latency', async () => {
    const pattern = async () => {
      backend.faults.set({ seed: 42, rules: [{ probability: 0.5, status: 503 }] })
      const statuses: number[] = []
      for (let i = 0; i < 12; i++)
        statuses.push((await call(backend, 'runQuery', tasksQuery(ALICE))).status)
      return statuses
    }
    const first = await pattern()
    expect(first).toEqual(await pattern())
    expect(new Set(first)).toEqual(new Set([200, 503]))
    backend.faults.set({ rules: [{ delayMs: 30 }] })
    const started = Date.now()
    await call(backend, 'runQuery', tasksQuery(ALICE))
    expect(Date.now() - started).toBeGreaterThanOrEqual(25)
  })
})

describe('request log', () => {
  it('records method, path, kind, project, status and error of each request', async () => {
    await commit(setWrite('t1', taskFields(BOB)))
    expect(backend.requests.list()).toEqual([
      expect.objectContaining({
        method: 'POST',
        path: `/v1/${ROOT}:commit`,
        kind: 'commit',
        project: 'demo-todo',
        status: 403,
        error: 'PERMISSION_DENIED',
      }),
    ])
  })
})
