/**
 * The REST API through `backend.handle()`: raw requests as the SDK sends them, no network.
 */
import { beforeEach, describe, expect, it } from 'vitest'

import { type FirestoreBackend, createFirestoreBackend } from '../../backend/firestore/handlers'
import { FirestoreStore } from '../../backend/firestore/store'
import type { Fields, Value } from '../../backend/firestore/values'
import {
  ALICE,
  ANY_ARRAY,
  ANY_STRING,
  BASE,
  BOB,
  PROJECT,
  ROOT,
  call,
  deleteWrite,
  errorStatus,
  matching,
  name,
  rpcRequest,
  setWrite,
  taskFields,
  tasksQuery,
  tokenFor,
  updateWrite,
} from './helpers'

let backend: FirestoreBackend

beforeEach(() => {
  backend = createFirestoreBackend()
})

const OWNER = { token: 'owner' }

function stored(id: string, collection = 'tasks'): Fields | undefined {
  return backend.store.get(name(id, collection))?.fields
}

async function seedTask(id: string, email: string = ALICE, overrides: Fields = {}): Promise<void> {
  const result = await call(
    backend,
    'commit',
    { writes: [setWrite(id, taskFields(email, overrides))] },
    OWNER,
  )
  expect(result.status).toBe(200)
}

interface QueryRow {
  document?: { name: string; fields: Fields; createTime: string; updateTime: string }
  readTime: string
}

function ids(body: unknown): string[] {
  return (body as QueryRow[]).flatMap((row) =>
    row.document ? [row.document.name.split('/').at(-1) ?? ''] : [],
  )
}

describe('commit', () => {
  it('stores a setDoc write exactly as sent and answers writeResults and commitTime', async () => {
    const fields = taskFields(ALICE, { id: { stringValue: 't1' }, order: { doubleValue: 2.5 } })
    const result = await call(backend, 'commit', { writes: [setWrite('t1', fields)] })

    expect(result.status).toBe(200)
    const body = result.body as { writeResults: { updateTime: string }[]; commitTime: string }
    expect(body.writeResults).toEqual([{ updateTime: body.commitTime }])
    expect(body.commitTime).toMatch(/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\d\.\d{6}Z$/)
    expect(backend.store.get(name('t1'))).toEqual({
      name: name('t1'),
      fields,
      createTime: body.commitTime,
      updateTime: body.commitTime,
    })
  })

  it('keeps createTime and moves updateTime forward on a later write', async () => {
    await seedTask('t1')
    const first = backend.store.get(name('t1'))
    await call(backend, 'commit', {
      writes: [setWrite('t1', taskFields(ALICE, { order: { integerValue: '2' } }))],
    })
    const second = backend.store.get(name('t1'))
    expect(second?.createTime).toBe(first?.createTime)
    expect(second && first && second.updateTime > first.updateTime).toBe(true)
  })

  it('merges an updateDoc (updateMask) into the stored document', async () => {
    await seedTask('t1', ALICE, { id: { stringValue: 't1' } })
    const result = await call(backend, 'commit', {
      writes: [updateWrite('t1', { isFinished: { booleanValue: true } })],
    })
    expect(result.status).toBe(200)
    expect(stored('t1')).toEqual(
      taskFields(ALICE, { id: { stringValue: 't1' }, isFinished: { booleanValue: true } }),
    )
  })

  it('deletes a field named in the mask but absent from the fields', async () => {
    await seedTask('t1', ALICE, { id: { stringValue: 't1' } })
    const result = await call(backend, 'commit', { writes: [updateWrite('t1', {}, ['id'])] })
    expect(result.status).toBe(200)
    expect(stored('t1')).toEqual(taskFields())
  })

  it('sets nested and quoted mask paths (setDoc merge / updateDoc with dots)', async () => {
    const write = {
      update: {
        name: name('d', 'misc'),
        fields: { m: { mapValue: { fields: { 'a-b': { integerValue: '2' } } } } },
      },
      updateMask: { fieldPaths: ['m.`a-b`'] },
    }
    await call(backend, 'commit', { writes: [setWrite('x', {})] }, OWNER) // unrelated
    backend.store.put(name('d', 'misc'), {
      m: { mapValue: { fields: { keep: { booleanValue: true } } } },
    })
    expect((await call(backend, 'commit', { writes: [write] }, OWNER)).status).toBe(200)
    expect(stored('d', 'misc')).toEqual({
      m: { mapValue: { fields: { keep: { booleanValue: true }, 'a-b': { integerValue: '2' } } } },
    })
  })

  it('deletes documents, and deleting a missing one succeeds', async () => {
    await seedTask('t1')
    const result = await call(backend, 'commit', {
      writes: [deleteWrite('t1'), deleteWrite('never')],
    })
    expect(result.status).toBe(200)
    expect(result.body).toMatchObject({ writeResults: [{}, {}] })
    expect(backend.store.size).toBe(0)
  })

  it('gives every write of a commit the same commit time', async () => {
    const result = await call(backend, 'commit', {
      writes: [setWrite('a', taskFields()), setWrite('b', taskFields())],
    })
    const { commitTime } = result.body as { commitTime: string }
    expect(backend.store.list().map((document) => document.updateTime)).toEqual([
      commitTime,
      commitTime,
    ])
  })

  it('answers an empty commit', async () => {
    const result = await call(backend, 'commit', { writes: [] })
    expect(result.status).toBe(200)
    expect(result.body).toEqual({ writeResults: [], commitTime: ANY_STRING })
  })

  describe('preconditions', () => {
    it('answers 404 NOT_FOUND to updateDoc of a missing document and stores nothing', async () => {
      const result = await call(backend, 'commit', { writes: [updateWrite('t1', taskFields())] })
      expect(result.status).toBe(404)
      expect(result.body).toEqual({
        error: { code: 404, message: `No document to update: ${name('t1')}`, status: 'NOT_FOUND' },
      })
      expect(backend.store.size).toBe(0)
    })

    it('answers 409 ALREADY_EXISTS to a create (exists: false) of an existing document', async () => {
      await seedTask('t1')
      const write = {
        ...(setWrite('t1', taskFields(ALICE, { order: { integerValue: '9' } })) as object),
        currentDocument: { exists: false },
      }
      const result = await call(backend, 'commit', { writes: [write] })
      expect(result.status).toBe(409)
      expect(errorStatus(result)).toBe('ALREADY_EXISTS')
      expect(stored('t1')).toEqual(taskFields())
    })

    it('creates with exists: false when the document is missing (addDoc)', async () => {
      const write = {
        ...(setWrite('t1', taskFields()) as object),
        currentDocument: { exists: false },
      }
      expect((await call(backend, 'commit', { writes: [write] })).status).toBe(200)
      expect(stored('t1')).toEqual(taskFields())
    })

    it('checks an updateTime precondition by value (transactions), 400 FAILED_PRECONDITION when stale', async () => {
      await seedTask('t1')
      const updateTime = backend.store.get(name('t1'))?.updateTime ?? ''
      const nanos = updateTime.replace(/Z$/, '000Z') // the SDK sends 9 fraction digits
      const fresh = {
        ...(updateWrite('t1', { order: { integerValue: '5' } }) as object),
        currentDocument: { updateTime: nanos },
      }
      expect((await call(backend, 'commit', { writes: [fresh] })).status).toBe(200)

      const stale = await call(backend, 'commit', { writes: [fresh] })
      expect(stale.status).toBe(400)
      expect(errorStatus(stale)).toBe('FAILED_PRECONDITION')
    })

    it('checks verify writes (a transaction read) without writing', async () => {
      await seedTask('t1')
      const result = await call(backend, 'commit', {
        writes: [{ verify: name('t1'), currentDocument: { exists: true } }],
      })
      expect(result.status).toBe(200)
      const missing = await call(backend, 'commit', {
        writes: [{ verify: name('t2'), currentDocument: { exists: true } }],
      })
      expect(missing.status).toBe(404)
    })
  })

  describe('atomicity: a failing write leaves every document as it was', () => {
    it.each<[string, unknown, number]>([
      ['a denied write', setWrite('t9', taskFields(BOB)), 403],
      ['a failed precondition', updateWrite('t9', taskFields()), 404],
      ['an invalid value', setWrite('t9', { task: { fooValue: 1 } } as unknown as Fields), 400],
    ])('%s', async (_, badWrite, status) => {
      await seedTask('t1')
      const before = backend.store.snapshot()
      const result = await call(backend, 'commit', {
        writes: [
          setWrite('t1', taskFields(ALICE, { isFinished: { booleanValue: true } })),
          deleteWrite('t1'),
          setWrite('t2', taskFields()),
          badWrite,
        ],
      })
      expect(result.status).toBe(status)
      expect(backend.store.snapshot()).toEqual(before)
    })
  })

  describe('field transforms', () => {
    it('applies serverTimestamp, increment, maximum, minimum, arrayUnion and arrayRemove', async () => {
      backend.store.put(name('d', 'misc'), {
        n: { integerValue: '1' },
        d: { doubleValue: 1.5 },
        hi: { integerValue: '3' },
        lo: { integerValue: '3' },
        a: { arrayValue: { values: [{ integerValue: '1' }, { stringValue: 'x' }] } },
      })
      const result = await call(
        backend,
        'commit',
        {
          writes: [
            {
              update: { name: name('d', 'misc'), fields: {} },
              updateMask: { fieldPaths: [] },
              updateTransforms: [
                { fieldPath: 's', setToServerValue: 'REQUEST_TIME' },
                { fieldPath: 'n', increment: { integerValue: '2' } },
                { fieldPath: 'd', increment: { integerValue: '1' } },
                { fieldPath: 'new', increment: { doubleValue: 0.5 } },
                { fieldPath: 'hi', maximum: { integerValue: '2' } },
                { fieldPath: 'lo', minimum: { doubleValue: 2.5 } },
                {
                  fieldPath: 'a',
                  appendMissingElements: { values: [{ integerValue: '1' }, { integerValue: '2' }] },
                },
                { fieldPath: 'b', removeAllFromArray: { values: [{ integerValue: '1' }] } },
              ],
            },
          ],
        },
        OWNER,
      )
      expect(result.status).toBe(200)
      const { commitTime } = result.body as { commitTime: string }
      expect(stored('d', 'misc')).toEqual({
        s: { timestampValue: commitTime },
        n: { integerValue: '3' },
        d: { doubleValue: 2.5 },
        new: { doubleValue: 0.5 },
        hi: { integerValue: '3' },
        lo: { doubleValue: 2.5 },
        a: {
          arrayValue: {
            values: [{ integerValue: '1' }, { stringValue: 'x' }, { integerValue: '2' }],
          },
        },
        b: { arrayValue: { values: [] } },
      })
      expect(result.body).toMatchObject({ writeResults: [{ transformResults: ANY_ARRAY }] })
    })
  })
})

describe('batchGet', () => {
  it('answers found and missing entries in request order', async () => {
    await seedTask('t1')
    const result = await call(backend, 'batchGet', { documents: [name('missing'), name('t1')] })
    expect(result.status).toBe(200)
    const document = backend.store.get(name('t1'))
    expect(result.body).toEqual([
      { missing: name('missing'), readTime: ANY_STRING },
      { found: document, readTime: ANY_STRING },
    ])
  })

  it('applies a field mask', async () => {
    await seedTask('t1')
    const result = await call(backend, 'batchGet', {
      documents: [name('t1')],
      mask: { fieldPaths: ['task'] },
    })
    expect(result.body).toMatchObject([
      { found: { fields: { task: { stringValue: 'Buy milk' } } } },
    ])
    expect(Object.keys((result.body as [{ found: { fields: object } }])[0].found.fields)).toEqual([
      'task',
    ])
  })
})

describe('runQuery', () => {
  it('answers only the matching documents, sorted by name, each with its times', async () => {
    await seedTask('b')
    await seedTask('a')
    await seedTask('c', BOB)
    const result = await call(backend, 'runQuery', tasksQuery(ALICE))
    expect(result.status).toBe(200)
    const rows = result.body as QueryRow[]
    expect(ids(rows)).toEqual(['a', 'b'])
    expect(rows[0]).toEqual({ document: backend.store.get(name('a')), readTime: ANY_STRING })
  })

  it('answers [{readTime}] when nothing matches', async () => {
    const result = await call(backend, 'runQuery', tasksQuery(ALICE))
    expect(result.body).toEqual([{ readTime: ANY_STRING }])
  })

  it('supports AND of EQUAL filters, orderBy, limit and offset', async () => {
    for (const [id, order, done] of [
      ['a', 3, false],
      ['b', 1, false],
      ['c', 2, true],
      ['d', 4, false],
    ] as const) {
      await seedTask(id, ALICE, {
        order: { integerValue: String(order) },
        isFinished: { booleanValue: done },
      })
    }
    const query = {
      structuredQuery: {
        from: [{ collectionId: 'tasks' }],
        where: {
          compositeFilter: {
            op: 'AND',
            filters: [
              {
                fieldFilter: {
                  field: { fieldPath: 'email' },
                  op: 'EQUAL',
                  value: { stringValue: ALICE },
                },
              },
              {
                fieldFilter: {
                  field: { fieldPath: 'isFinished' },
                  op: 'EQUAL',
                  value: { booleanValue: false },
                },
              },
            ],
          },
        },
        orderBy: [
          { field: { fieldPath: 'order' }, direction: 'DESCENDING' },
          { field: { fieldPath: '__name__' }, direction: 'DESCENDING' },
        ],
        offset: 1,
        limit: 2,
      },
    }
    expect(ids((await call(backend, 'runQuery', query)).body)).toEqual(['a', 'b'])
  })

  it('evaluates the other operators, cursors and select (owner, any collection)', async () => {
    const docs: Record<string, Record<string, Value>> = {
      p1: { n: { integerValue: '1' }, tags: { arrayValue: { values: [{ stringValue: 'x' }] } } },
      p2: { n: { doubleValue: 2.5 }, tags: { arrayValue: { values: [{ stringValue: 'y' }] } } },
      p3: { n: { integerValue: '3' }, z: { nullValue: null } },
      p4: { n: { stringValue: '4' } },
      p5: { n: { doubleValue: 'NaN' } },
    }
    for (const [id, fields] of Object.entries(docs)) backend.store.put(name(id, 'things'), fields)
    const run = async (where: unknown, extra: Record<string, unknown> = {}): Promise<string[]> => {
      const result = await call(
        backend,
        'runQuery',
        { structuredQuery: { from: [{ collectionId: 'things' }], where, ...extra } },
        OWNER,
      )
      expect(result.status).toBe(200)
      return ids(result.body)
    }
    const field = (op: string, value: unknown): unknown => ({
      fieldFilter: { field: { fieldPath: 'n' }, op, value },
    })
    expect(await run(field('GREATER_THAN', { integerValue: '1' }))).toEqual(['p2', 'p3'])
    expect(await run(field('LESS_THAN_OR_EQUAL', { doubleValue: 2.5 }))).toEqual(['p1', 'p2'])
    expect(await run(field('NOT_EQUAL', { integerValue: '1' }))).toEqual(['p2', 'p3', 'p4', 'p5'])
    expect(
      await run(
        field('IN', { arrayValue: { values: [{ integerValue: '3' }, { stringValue: '4' }] } }),
      ),
    ).toEqual(['p3', 'p4'])
    expect(await run(field('NOT_IN', { arrayValue: { values: [{ integerValue: '3' }] } }))).toEqual(
      ['p1', 'p2', 'p4', 'p5'],
    )
    expect(
      await run({
        fieldFilter: {
          field: { fieldPath: 'tags' },
          op: 'ARRAY_CONTAINS',
          value: { stringValue: 'y' },
        },
      }),
    ).toEqual(['p2'])
    expect(
      await run({
        fieldFilter: {
          field: { fieldPath: 'tags' },
          op: 'ARRAY_CONTAINS_ANY',
          value: { arrayValue: { values: [{ stringValue: 'x' }, { stringValue: 'y' }] } },
        },
      }),
    ).toEqual(['p1', 'p2'])
    expect(await run({ unaryFilter: { field: { fieldPath: 'z' }, op: 'IS_NULL' } })).toEqual(['p3'])
    expect(await run({ unaryFilter: { field: { fieldPath: 'n' }, op: 'IS_NAN' } })).toEqual(['p5'])
    expect(
      await run({
        compositeFilter: {
          op: 'OR',
          filters: [field('EQUAL', { integerValue: '1' }), field('EQUAL', { stringValue: '4' })],
        },
      }),
    ).toEqual(['p1', 'p4'])
    // orderBy n: NaN < 1 < 2.5 < 3 < '4'; start after 1, end at 3
    const ordered = { orderBy: [{ field: { fieldPath: 'n' } }] }
    expect(await run(undefined, ordered)).toEqual(['p5', 'p1', 'p2', 'p3', 'p4'])
    expect(
      await run(undefined, {
        ...ordered,
        startAt: { values: [{ integerValue: '1' }], before: false },
        endAt: { values: [{ integerValue: '3' }], before: false },
      }),
    ).toEqual(['p2', 'p3'])
    const selected = await call(
      backend,
      'runQuery',
      {
        structuredQuery: {
          from: [{ collectionId: 'things' }],
          select: { fields: [{ fieldPath: 'z' }] },
          limit: 3,
        },
      },
      OWNER,
    )
    expect((selected.body as QueryRow[]).map((row) => row.document?.fields)).toEqual([
      {},
      {},
      { z: { nullValue: null } },
    ])
  })

  it('queries a subcollection under a parent document, and collection groups', async () => {
    backend.store.put(`${ROOT}/users/u1/notes/n1`, {})
    backend.store.put(`${ROOT}/users/u2/notes/n2`, {})
    backend.store.put(`${ROOT}/notes/n0`, {})
    const path = `/v1/projects/${PROJECT}/databases/(default)/documents/users/u1:runQuery`
    const sub = await call(
      backend,
      'runQuery',
      { structuredQuery: { from: [{ collectionId: 'notes' }] } },
      { ...OWNER, path },
    )
    expect(ids(sub.body)).toEqual(['n1'])
    const group = await call(
      backend,
      'runQuery',
      { structuredQuery: { from: [{ collectionId: 'notes', allDescendants: true }] } },
      OWNER,
    )
    expect(ids(group.body)).toEqual(['n0', 'n1', 'n2'])
  })

  it('keeps projects apart', async () => {
    await seedTask('t1')
    const other = await call(backend, 'runQuery', tasksQuery(ALICE), { project: 'other-project' })
    expect(other.body).toEqual([{ readTime: ANY_STRING }])
    const write = {
      update: {
        name: `projects/other-project/databases/(default)/documents/tasks/t1`,
        fields: taskFields(),
      },
    }
    expect(
      (await call(backend, 'commit', { writes: [write] }, { project: 'other-project' })).status,
    ).toBe(200)
    expect(backend.store.list({ project: 'other-project' })).toHaveLength(1)
    expect(backend.store.list({ project: PROJECT })).toHaveLength(1)
  })
})

describe('runAggregationQuery', () => {
  it('counts, sums and averages own tasks', async () => {
    await seedTask('a', ALICE, { order: { integerValue: '1' } })
    await seedTask('b', ALICE, { order: { doubleValue: 2.5 } })
    await seedTask('c', BOB, { order: { integerValue: '100' } })
    const result = await call(backend, 'runAggregationQuery', {
      structuredAggregationQuery: {
        aggregations: [
          { alias: 'count', count: {} },
          { alias: 'sum', sum: { field: { fieldPath: 'order' } } },
          { alias: 'avg', avg: { field: { fieldPath: 'order' } } },
        ],
        structuredQuery: (tasksQuery(ALICE) as { structuredQuery: object }).structuredQuery,
      },
    })
    expect(result.body).toEqual([
      {
        result: {
          aggregateFields: {
            count: { integerValue: '2' },
            sum: { doubleValue: 3.5 },
            avg: { doubleValue: 1.75 },
          },
        },
        readTime: ANY_STRING,
      },
    ])
  })
})

describe('every Firestore value type round-trips through commit and batchGet', () => {
  const values: [string, Value][] = [
    ['stringValue', { stringValue: 'ünïcødé 😀' }],
    ['booleanValue', { booleanValue: false }],
    ['integerValue', { integerValue: '9007199254740993' }],
    ['doubleValue', { doubleValue: -1.25e-7 }],
    ['doubleValue NaN', { doubleValue: 'NaN' }],
    ['nullValue', { nullValue: null }],
    ['timestampValue', { timestampValue: '2026-11-23T10:20:34.814123456Z' }],
    [
      'mapValue',
      { mapValue: { fields: { nested: { mapValue: { fields: { x: { integerValue: '1' } } } } } } },
    ],
    [
      'arrayValue',
      { arrayValue: { values: [{ stringValue: 'a' }, { nullValue: null }, { mapValue: {} }] } },
    ],
    ['referenceValue', { referenceValue: `${ROOT}/tasks/t1` }],
    ['bytesValue', { bytesValue: 'AQID/w==' }],
    ['geoPointValue', { geoPointValue: { latitude: 48.85, longitude: 2.35 } }],
  ]

  it.each(values)('%s', async (_, value) => {
    const commit = await call(
      backend,
      'commit',
      { writes: [{ update: { name: name('v', 'values'), fields: { v: value } } }] },
      OWNER,
    )
    expect(commit.status).toBe(200)
    const read = await call(backend, 'batchGet', { documents: [name('v', 'values')] }, OWNER)
    expect(read.body).toMatchObject([{ found: { fields: { v: value } } }])
  })
})

describe('bad input answers 400 INVALID_ARGUMENT in Google’s format and changes nothing', () => {
  beforeEach(async () => {
    await seedTask('t1')
  })

  async function expectInvalid(result: Promise<{ status: number; body: unknown }>): Promise<void> {
    const before = backend.store.snapshot()
    const { status, body } = await result
    expect(status).toBe(400)
    expect(body).toEqual({ error: { code: 400, message: ANY_STRING, status: 'INVALID_ARGUMENT' } })
    expect(backend.store.snapshot()).toEqual(before)
  }

  it('bad JSON', async () => {
    await expectInvalid(call(backend, 'commit', undefined, { raw: '{"writes": [' }))
  })

  it('a body that is not an object', async () => {
    await expectInvalid(call(backend, 'commit', [1, 2]))
  })

  it('an unknown value type', async () => {
    await expectInvalid(
      call(backend, 'commit', {
        writes: [setWrite('t1', { task: { decimalValue: '1' } } as unknown as Fields)],
      }),
    )
  })

  it('an unknown field in the body or a write', async () => {
    await expectInvalid(call(backend, 'commit', { writes: [], extra: true }))
    await expectInvalid(
      call(backend, 'commit', { writes: [{ ...(deleteWrite('t1') as object), extra: 1 }] }),
    )
  })

  it('a write with two operations or none', async () => {
    await expectInvalid(
      call(backend, 'commit', { writes: [{ delete: name('t1'), verify: name('t1') }] }),
    )
    await expectInvalid(call(backend, 'commit', { writes: [{}] }))
  })

  it('bad document names', async () => {
    await expectInvalid(call(backend, 'commit', { writes: [deleteWrite('t1/sub')] }))
    await expectInvalid(
      call(backend, 'commit', {
        writes: [{ delete: 'projects/other/databases/(default)/documents/tasks/t1' }],
      }),
    )
    await expectInvalid(call(backend, 'batchGet', { documents: [`${ROOT}/tasks//x`] }))
    await expectInvalid(call(backend, 'batchGet', { documents: [`${ROOT}/tasks/__x__`] }))
  })

  it('bad paths', async () => {
    for (const path of [
      `/v1/projects/${PROJECT}/databases/(default)/documents:listen`,
      `/v1/projects/${PROJECT}/databases/(default)/documents/tasks:commit`,
      `/v1/projects/${PROJECT}/databases/(default)/documents/tasks:runQuery`,
      `/v1/projects/${PROJECT}/documents:commit`,
    ]) {
      await expectInvalid(call(backend, 'commit', { writes: [] }, { path }))
    }
  })

  it('a GET on an RPC path', async () => {
    const response = await backend.handle(
      new Request(`${BASE}/v1/projects/${PROJECT}/databases/(default)/documents:commit`),
    )
    expect(response.status).toBe(400)
  })

  it('a body over 1 MiB', async () => {
    const big = 'x'.repeat(1024 * 1024)
    await expectInvalid(
      call(backend, 'commit', {
        writes: [setWrite('t1', taskFields(ALICE, { task: { stringValue: big } }))],
      }),
    )
  })

  it('a bad field path, operator or query shape', async () => {
    await expectInvalid(call(backend, 'commit', { writes: [updateWrite('t1', {}, ['a-b'])] }))
    const query = (where: unknown): unknown => ({
      structuredQuery: { from: [{ collectionId: 'tasks' }], where },
    })
    await expectInvalid(
      call(
        backend,
        'runQuery',
        query({
          fieldFilter: { field: { fieldPath: 'email' }, op: 'LIKE', value: { stringValue: ALICE } },
        }),
      ),
    )
    await expectInvalid(call(backend, 'runQuery', { structuredQuery: { from: [] } }))
    await expectInvalid(
      call(backend, 'runQuery', {
        structuredQuery: { from: [{ collectionId: 'tasks' }], findNearest: {} },
      }),
    )
    await expectInvalid(
      call(backend, 'runQuery', { ...(tasksQuery(ALICE) as object), transaction: 'abc' }),
    )
  })

  it('checks validity before authorization', async () => {
    await expectInvalid(call(backend, 'commit', undefined, { raw: 'nope', token: null }))
  })
})

describe('other routes', () => {
  it('answers 404 NOT_FOUND for another database', async () => {
    const result = await call(
      backend,
      'commit',
      { writes: [] },
      { path: `/v1/projects/${PROJECT}/databases/other/documents:commit` },
    )
    expect(result.status).toBe(404)
    expect(errorStatus(result)).toBe('NOT_FOUND')
  })

  it('answers 404 for paths outside the API', async () => {
    const response = await backend.handle(new Request(`${BASE}/nope`, { method: 'POST' }))
    expect(response.status).toBe(404)
  })

  it('answers the emulator health check and its clear-data endpoint', async () => {
    await seedTask('t1')
    expect(await (await backend.handle(new Request(`${BASE}/`))).text()).toBe('Ok\n')
    const clear = await backend.handle(
      new Request(`${BASE}/emulator/v1/projects/${PROJECT}/databases/(default)/documents`, {
        method: 'DELETE',
      }),
    )
    expect(clear.status).toBe(200)
    expect(backend.store.size).toBe(0)
  })
})

describe('security rules', () => {
  beforeEach(async () => {
    await seedTask('alice1')
    await seedTask('bob1', BOB)
  })

  async function expectDenied(result: Promise<{ status: number; body: unknown }>): Promise<void> {
    const before = backend.store.snapshot()
    const { status, body } = await result
    expect(status).toBe(403)
    expect(body).toEqual({
      error: {
        code: 403,
        message: matching(/^Missing or insufficient permissions/),
        status: 'PERMISSION_DENIED',
      },
    })
    expect(backend.store.snapshot()).toEqual(before)
  }

  it.each<[string, string | null]>([
    ['no token', null],
    ['a malformed token', 'not-a-jwt'],
    ['a token without email', 'eyJhbGciOiJub25lIn0.eyJzdWIiOiJ1MSJ9.'],
    ['an expired token', tokenFor(ALICE, { exp: Math.floor(Date.now() / 1000) - 10 })],
  ])(
    'denies every RPC with %s (403, as Firestore denies unauthenticated requests)',
    async (_, token) => {
      await expectDenied(call(backend, 'runQuery', tasksQuery(ALICE), { token }))
      await expectDenied(
        call(backend, 'commit', { writes: [setWrite('new', taskFields())] }, { token }),
      )
      await expectDenied(call(backend, 'batchGet', { documents: [name('alice1')] }, { token }))
    },
  )

  it('a query returns only own tasks', async () => {
    expect(ids((await call(backend, 'runQuery', tasksQuery(ALICE))).body)).toEqual(['alice1'])
    expect(
      ids((await call(backend, 'runQuery', tasksQuery(BOB), { token: tokenFor(BOB) })).body),
    ).toEqual(['bob1'])
  })

  it("denies a query for another user's e-mail", async () => {
    await expectDenied(call(backend, 'runQuery', tasksQuery(BOB)))
  })

  it('denies a query without an email filter', async () => {
    await expectDenied(
      call(backend, 'runQuery', { structuredQuery: { from: [{ collectionId: 'tasks' }] } }),
    )
    await expectDenied(
      call(backend, 'runAggregationQuery', {
        structuredAggregationQuery: {
          aggregations: [{ alias: 'c', count: {} }],
          structuredQuery: { from: [{ collectionId: 'tasks' }] },
        },
      }),
    )
  })

  it('denies queries on other collections', async () => {
    await expectDenied(
      call(backend, 'runQuery', { structuredQuery: { from: [{ collectionId: 'users' }] } }),
    )
  })

  it('denies a write that changes email', async () => {
    await expectDenied(
      call(backend, 'commit', { writes: [updateWrite('alice1', { email: { stringValue: BOB } })] }),
    )
    await expectDenied(call(backend, 'commit', { writes: [setWrite('alice1', taskFields(BOB))] }))
  })

  it("denies creating a task for another user, or writing another user's task", async () => {
    await expectDenied(call(backend, 'commit', { writes: [setWrite('new', taskFields(BOB))] }))
    await expectDenied(call(backend, 'commit', { writes: [setWrite('bob1', taskFields())] }))
    await expectDenied(
      call(backend, 'commit', {
        writes: [updateWrite('bob1', { isFinished: { booleanValue: true } })],
      }),
    )
  })

  it.each<[string, Fields]>([
    ['an extra field', { extra: { stringValue: 'x' } }],
    ['a 1,001-character task', { task: { stringValue: 'x'.repeat(1001) } }],
    ['an empty task', { task: { stringValue: '' } }],
    ['task as a number', { task: { integerValue: '1' } }],
    ['isFinished as a string', { isFinished: { stringValue: 'true' } }],
    ['order as a string', { order: { stringValue: '1' } }],
    ['order as null', { order: { nullValue: null } }],
    ['a wrong id', { id: { stringValue: 'other' } }],
  ])('denies a task with %s (setDoc and updateDoc)', async (_, overrides) => {
    await expectDenied(
      call(backend, 'commit', { writes: [setWrite('new', taskFields(ALICE, overrides))] }),
    )
    await expectDenied(call(backend, 'commit', { writes: [updateWrite('alice1', overrides)] }))
  })

  it('allows a 1,000-character task', async () => {
    const result = await call(backend, 'commit', {
      writes: [setWrite('new', taskFields(ALICE, { task: { stringValue: 'x'.repeat(1000) } }))],
    })
    expect(result.status).toBe(200)
  })

  it('validates the merged document of an updateDoc, not just the sent fields', async () => {
    expect(
      (
        await call(backend, 'commit', {
          writes: [updateWrite('alice1', { isFinished: { booleanValue: true } })],
        })
      ).status,
    ).toBe(200)
    await expectDenied(call(backend, 'commit', { writes: [updateWrite('alice1', {}, ['task'])] })) // deletes task
  })

  it("denies deleting another user's task but allows deleting a missing one", async () => {
    await expectDenied(call(backend, 'commit', { writes: [deleteWrite('bob1')] }))
    expect((await call(backend, 'commit', { writes: [deleteWrite('missing')] })).status).toBe(200)
  })

  it("denies a batchGet of another user's task; own and missing ones are allowed", async () => {
    await expectDenied(call(backend, 'batchGet', { documents: [name('alice1'), name('bob1')] }))
    expect(
      (await call(backend, 'batchGet', { documents: [name('alice1'), name('missing')] })).status,
    ).toBe(200)
  })

  it('denies writes and reads outside tasks', async () => {
    await expectDenied(
      call(backend, 'commit', { writes: [{ update: { name: name('u1', 'users'), fields: {} } }] }),
    )
    await expectDenied(call(backend, 'batchGet', { documents: [name('u1', 'users')] }))
  })

  it('lets the emulator owner token bypass the rules (not the validation)', async () => {
    expect(
      (
        await call(
          backend,
          'commit',
          {
            writes: [
              { update: { name: name('u1', 'users'), fields: { any: { booleanValue: true } } } },
            ],
          },
          OWNER,
        )
      ).status,
    ).toBe(200)
    expect(
      ids(
        (
          await call(
            backend,
            'runQuery',
            { structuredQuery: { from: [{ collectionId: 'tasks' }] } },
            OWNER,
          )
        ).body,
      ),
    ).toEqual(['alice1', 'bob1'])
    expect((await call(backend, 'commit', undefined, { ...OWNER, raw: '{' })).status).toBe(400)
  })

  it('can refuse the owner token', async () => {
    const strict = createFirestoreBackend({ acceptOwnerToken: false })
    expect((await call(strict, 'commit', { writes: [] }, OWNER)).status).toBe(403)
  })
})

describe('CORS', () => {
  const preflight = (origin: string): Request =>
    new Request(`${BASE}/v1/projects/${PROJECT}/databases/(default)/documents:commit`, {
      method: 'OPTIONS',
      headers: {
        Origin: origin,
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers':
          'authorization,content-type,x-goog-api-client,google-cloud-resource-prefix',
      },
    })

  it.each(['http://127.0.0.1:5173', 'http://localhost:4173', 'http://localhost'])(
    'answers a preflight from %s',
    async (origin) => {
      const response = await backend.handle(preflight(origin))
      expect(response.status).toBe(204)
      expect(response.headers.get('access-control-allow-origin')).toBe(origin)
      expect(response.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS')
      expect(response.headers.get('access-control-allow-headers')).toBe(
        'authorization,content-type,x-goog-api-client,google-cloud-resource-prefix',
      )
      expect(response.headers.get('access-control-max-age')).toBe('3600')
      expect(response.headers.get('vary')).toContain('Origin')
    },
  )

  it.each(['https://localhost:5173', 'http://example.com', 'http://127.0.0.1.evil.com'])(
    'gives %s no CORS headers',
    async (origin) => {
      const response = await backend.handle(preflight(origin))
      expect(response.headers.get('access-control-allow-origin')).toBeNull()
      const post = await call(backend, 'runQuery', tasksQuery(ALICE), { origin })
      expect(post.headers.get('access-control-allow-origin')).toBeNull()
    },
  )

  it('sends Access-Control-Allow-Origin on answers and errors', async () => {
    const origin = 'http://localhost:5173'
    expect(
      (await call(backend, 'runQuery', tasksQuery(ALICE), { origin })).headers.get(
        'access-control-allow-origin',
      ),
    ).toBe(origin)
    const denied = await call(backend, 'runQuery', tasksQuery(BOB), { origin })
    expect(denied.status).toBe(403)
    expect(denied.headers.get('access-control-allow-origin')).toBe(origin)
  })
})

describe('faults', () => {
  it('fails the next N requests with a status, in Google’s error format, without applying them', async () => {
    backend.faults.failNext(2, 503)
    const write = { writes: [setWrite('t1', taskFields())] }
    for (let i = 0; i < 2; i++) {
      const result = await call(backend, 'commit', write)
      expect(result.status).toBe(503)
      expect(result.body).toEqual({
        error: { code: 503, message: 'Injected fault: HTTP 503', status: 'UNAVAILABLE' },
      })
    }
    expect(backend.store.size).toBe(0)
    expect((await call(backend, 'commit', write)).status).toBe(200)
    expect(backend.faults.list()).toEqual([])
  })

  it('limits a rule to kinds of RPC and a predicate', async () => {
    backend.faults.add({
      kinds: ['commit'],
      status: 500,
      when: (request) => request.body.includes('"t2"') || request.body.includes('/t2"'),
    })
    expect((await call(backend, 'runQuery', tasksQuery(ALICE))).status).toBe(200)
    expect((await call(backend, 'commit', { writes: [setWrite('t1', taskFields())] })).status).toBe(
      200,
    )
    const failed = await call(backend, 'commit', { writes: [setWrite('t2', taskFields())] })
    expect(failed.status).toBe(500)
    expect(errorStatus(failed)).toBe('INTERNAL')
  })

  it('matches on body text (bodyIncludes), usable over HTTP', async () => {
    backend.faults.set({ rules: [{ bodyIncludes: 'tasks/t2', status: 429, message: 'slow down' }] })
    expect((await call(backend, 'commit', { writes: [setWrite('t1', taskFields())] })).status).toBe(
      200,
    )
    const failed = await call(backend, 'commit', { writes: [setWrite('t2', taskFields())] })
    expect(failed.body).toEqual({
      error: { code: 429, message: 'slow down', status: 'RESOURCE_EXHAUSTED' },
    })
  })

  it('drops the connection (Response.error(), a network error for fetch)', async () => {
    backend.faults.add({ networkError: true, times: 1 })
    const response = await backend.handle(rpcRequest('runQuery', tasksQuery(ALICE)))
    expect(response.type).toBe('error')
    expect(backend.requests.list().at(-1)).toMatchObject({
      status: 0,
      fault: true,
      kind: 'runQuery',
    })
  })

  it("phase 'after' applies the commit, then fails the answer", async () => {
    backend.faults.add({ kinds: ['commit'], status: 503, phase: 'after', times: 1 })
    expect((await call(backend, 'commit', { writes: [setWrite('t1', taskFields())] })).status).toBe(
      503,
    )
    expect(stored('t1')).toEqual(taskFields())
  })

  it('adds latency', async () => {
    backend.faults.add({ delayMs: 60 })
    const started = performance.now()
    expect((await call(backend, 'runQuery', tasksQuery(ALICE))).status).toBe(200)
    expect(performance.now() - started).toBeGreaterThanOrEqual(55)
  })

  it('fails a seeded random share of requests, reproducibly', async () => {
    const pattern = async (): Promise<number[]> => {
      backend.faults.set({ seed: 7, rules: [{ probability: 0.5, status: 503 }] })
      const statuses: number[] = []
      for (let i = 0; i < 20; i++)
        statuses.push((await call(backend, 'runQuery', tasksQuery(ALICE))).status)
      return statuses
    }
    const first = await pattern()
    expect(await pattern()).toEqual(first)
    expect(first.filter((status) => status === 503).length).toBeGreaterThan(3)
    expect(first.filter((status) => status === 200).length).toBeGreaterThan(3)
  })

  it('lets the first failing rule decide and leaves later ones for later requests', async () => {
    backend.faults.add({ status: 503, times: 1 })
    backend.faults.add({ status: 504, times: 1 })
    expect((await call(backend, 'runQuery', tasksQuery(ALICE))).status).toBe(503)
    expect((await call(backend, 'runQuery', tasksQuery(ALICE))).status).toBe(504)
    expect((await call(backend, 'runQuery', tasksQuery(ALICE))).status).toBe(200)
  })

  it('never affects CORS preflights; can be listed, removed and cleared', async () => {
    const id = backend.faults.add({ status: 503 })
    const preflight = await backend.handle(
      new Request(`${BASE}/v1/x`, {
        method: 'OPTIONS',
        headers: { Origin: 'http://localhost:5173' },
      }),
    )
    expect(preflight.status).toBe(204)
    expect(backend.faults.list()).toEqual([
      { id, status: 503, remaining: undefined, hasPredicate: false },
    ])
    expect(backend.faults.remove(id)).toBe(true)
    backend.faults.add({ status: 503 })
    backend.faults.clear()
    expect((await call(backend, 'runQuery', tasksQuery(ALICE))).status).toBe(200)
  })

  it.each<[string, object]>([
    ['a status outside 400-599', { status: 200 }],
    ['no effect', { times: 1 }],
    ['an unknown kind', { kinds: ['listen'], status: 503 }],
    ['a probability above 1', { probability: 2, status: 503 }],
    ['zero times', { times: 0, status: 503 }],
  ])('rejects a rule with %s', (_, rule) => {
    expect(() => backend.faults.add(rule)).toThrow(/fault/)
  })
})

describe('request log', () => {
  it('records method, path (without the query), kind, project, status and error', async () => {
    await call(backend, 'runQuery', tasksQuery(ALICE))
    await call(backend, 'runQuery', tasksQuery(BOB))
    expect(backend.requests.list()).toEqual([
      expect.objectContaining({
        id: 1,
        method: 'POST',
        path: `/v1/projects/${PROJECT}/databases/(default)/documents:runQuery`,
        kind: 'runQuery',
        project: PROJECT,
        status: 200,
      }),
      expect.objectContaining({ id: 2, status: 403, error: 'PERMISSION_DENIED' }),
    ])
    expect(backend.requests.list(1)).toHaveLength(1)
    backend.reset()
    expect(backend.requests.list()).toEqual([])
  })
})

describe('FirestoreStore', () => {
  it('hands out strictly increasing microsecond timestamps, even with a stopped clock', () => {
    const store = new FirestoreStore({ clock: () => Date.UTC(2026, 0, 1) })
    expect([store.nextTimestamp(), store.nextTimestamp(), store.readTime()]).toEqual([
      '2026-01-01T00:00:00.000000Z',
      '2026-01-01T00:00:00.000001Z',
      '2026-01-01T00:00:00.000001Z',
    ])
  })

  it('resets one project or all, and snapshots deep copies', () => {
    const store = new FirestoreStore()
    store.put(name('a'), taskFields())
    store.put('projects/other/databases/(default)/documents/tasks/b', taskFields())
    const snapshot = store.snapshot()
    const first = snapshot[0]
    if (first) first.fields.task = { stringValue: 'changed' }
    expect(store.get(name('a'))?.fields).toEqual(taskFields())
    store.reset('other')
    expect(store.list().map((document) => document.name)).toEqual([name('a')])
    store.reset()
    expect(store.size).toBe(0)
  })

  it('saves to JSON and loads back; refuses malformed state without changing', () => {
    const store = new FirestoreStore()
    store.put(name('a'), taskFields())
    const copy = new FirestoreStore()
    copy.load(JSON.parse(JSON.stringify(store.toJSON())))
    expect(copy.list()).toEqual(store.list())
    expect(() => {
      copy.load({
        version: 1,
        documents: [
          { name: name('b'), fields: { x: { badValue: 1 } }, createTime: 'x', updateTime: 'y' },
        ],
      })
    }).toThrow()
    expect(copy.list()).toEqual(store.list())
    // Timestamps continue after the loaded ones.
    const later = new FirestoreStore({ clock: () => 0 })
    later.load(store.toJSON())
    expect(later.nextTimestamp() > (store.get(name('a'))?.updateTime ?? '')).toBe(true)
  })
})
