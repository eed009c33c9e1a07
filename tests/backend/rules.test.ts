import { describe, expect, it } from 'vitest'

import type { Filter } from '../../backend/firestore/query'
import {
  type Principal,
  authenticate,
  canQuery,
  canRead,
  canWrite,
  taskProblem,
} from '../../backend/firestore/rules'
import { ALICE, BOB, idToken, taskFields, tokenFor } from './helpers'

const NOW = Date.now()
const alice: Principal = { kind: 'user', uid: 'a', email: ALICE, claims: {} }
const owner: Principal = { kind: 'owner' }

describe('authenticate', () => {
  it('accepts an Auth emulator token and reads the e-mail', () => {
    const result = authenticate(`Bearer ${tokenFor(ALICE)}`, { now: NOW })
    expect(result).toMatchObject({
      ok: true,
      principal: { kind: 'user', email: ALICE, uid: `uid-${ALICE}` },
    })
  })

  it('accepts the emulator owner token unless disabled', () => {
    expect(authenticate('Bearer owner', { now: NOW })).toEqual({ ok: true, principal: owner })
    expect(authenticate('Bearer owner', { now: NOW, acceptOwner: false }).ok).toBe(false)
  })

  it.each<[string, string | null]>([
    ['no header', null],
    ['another scheme', `Basic ${tokenFor(ALICE)}`],
    ['an empty bearer', 'Bearer '],
    ['not a JWT', 'Bearer abc'],
    ['a two-part token', `Bearer ${tokenFor(ALICE).split('.').slice(0, 2).join('.')}`],
    ['a payload that is not JSON', 'Bearer eyJhbGciOiJub25lIn0.bm90IGpzb24.'],
    ['a payload that is not base64url', 'Bearer eyJhbGciOiJub25lIn0.!!!.'],
    ['a header without alg', `Bearer e30.${tokenFor(ALICE).split('.')[1] ?? ''}.`],
    ['no email', `Bearer ${idToken({ sub: 'u1' })}`],
    ['an empty email', `Bearer ${idToken({ sub: 'u1', email: '' })}`],
    ['a non-string email', `Bearer ${idToken({ sub: 'u1', email: 7 })}`],
    ['an expired token', `Bearer ${idToken({ email: ALICE, exp: Math.floor(NOW / 1000) - 1 })}`],
    ['a non-numeric exp', `Bearer ${idToken({ email: ALICE, exp: 'never' })}`],
  ])('rejects %s', (_, header) => {
    expect(authenticate(header, { now: NOW }).ok).toBe(false)
  })

  it('can ignore expiry (the SDK mockUserToken has exp 3600, i.e. 1970)', () => {
    const header = `Bearer ${idToken({ email: ALICE, exp: 3600 })}`
    expect(authenticate(header, { now: NOW }).ok).toBe(false)
    expect(authenticate(header, { now: NOW, checkExpiry: false }).ok).toBe(true)
  })
})

describe('taskProblem (validTask)', () => {
  it('accepts a task with and without its id', () => {
    expect(taskProblem(taskFields(), 't1')).toBeUndefined()
    expect(taskProblem(taskFields(ALICE, { id: { stringValue: 't1' } }), 't1')).toBeUndefined()
    expect(taskProblem(taskFields(ALICE, { order: { doubleValue: 0.5 } }), 't1')).toBeUndefined()
  })

  it.each<[string, ReturnType<typeof taskFields>]>([
    ['an extra field', taskFields(ALICE, { extra: { booleanValue: true } })],
    ['an empty task', taskFields(ALICE, { task: { stringValue: '' } })],
    ['a 1,001-character task', taskFields(ALICE, { task: { stringValue: 'x'.repeat(1001) } })],
    ['a task that is not a string', taskFields(ALICE, { task: { integerValue: '1' } })],
    ['isFinished that is not a bool', taskFields(ALICE, { isFinished: { stringValue: 'no' } })],
    ['order that is not a number', taskFields(ALICE, { order: { stringValue: '1' } })],
    ['email that is not a string', taskFields(ALICE, { email: { nullValue: null } })],
    ['an id that is not the document id', taskFields(ALICE, { id: { stringValue: 'other' } })],
    ['an id that is not a string', taskFields(ALICE, { id: { integerValue: '1' } })],
  ])('rejects %s', (_, fields) => {
    expect(taskProblem(fields, 't1')).toEqual(expect.any(String))
  })

  it('rejects a missing field', () => {
    const fields = taskFields()
    delete fields.order
    expect(taskProblem(fields, 't1')).toMatch(/missing/)
  })

  it('counts UTF-16 code units: 1,000 are allowed', () => {
    expect(
      taskProblem(taskFields(ALICE, { task: { stringValue: 'é'.repeat(1000) } }), 't1'),
    ).toBeUndefined()
    expect(
      taskProblem(taskFields(ALICE, { task: { stringValue: '😀'.repeat(500) } }), 't1'),
    ).toBeUndefined()
    expect(
      taskProblem(taskFields(ALICE, { task: { stringValue: `${'😀'.repeat(500)}x` } }), 't1'),
    ).toBeDefined()
  })
})

describe('canWrite / canRead', () => {
  const path = ['tasks', 't1']

  it('lets a user create, update and delete their own task', () => {
    expect(canWrite(alice, path, undefined, taskFields())).toEqual({ allowed: true })
    expect(
      canWrite(
        alice,
        path,
        taskFields(),
        taskFields(ALICE, { isFinished: { booleanValue: true } }),
      ),
    ).toEqual({
      allowed: true,
    })
    expect(canWrite(alice, path, taskFields(), undefined)).toEqual({ allowed: true })
    expect(canWrite(alice, path, undefined, undefined)).toEqual({ allowed: true })
  })

  it("denies writing another user's task, or moving a task to another user", () => {
    expect(canWrite(alice, path, undefined, taskFields(BOB)).allowed).toBe(false)
    expect(canWrite(alice, path, taskFields(BOB), taskFields()).allowed).toBe(false)
    expect(canWrite(alice, path, taskFields(), taskFields(BOB)).allowed).toBe(false)
    expect(canWrite(alice, path, taskFields(BOB), undefined).allowed).toBe(false)
  })

  it('denies other collections and subcollections', () => {
    expect(canWrite(alice, ['users', 'a'], undefined, taskFields()).allowed).toBe(false)
    expect(canWrite(alice, ['tasks', 't1', 'notes', 'n'], undefined, taskFields()).allowed).toBe(
      false,
    )
    expect(canRead(alice, ['users', 'a'], undefined).allowed).toBe(false)
  })

  it('lets the owner do anything', () => {
    expect(canWrite(owner, ['users', 'a'], taskFields(BOB), { x: { nullValue: null } })).toEqual({
      allowed: true,
    })
    expect(canRead(owner, ['users', 'a'], taskFields(BOB))).toEqual({ allowed: true })
  })

  it('lets a user read their own or a missing task only', () => {
    expect(canRead(alice, path, taskFields()).allowed).toBe(true)
    expect(canRead(alice, path, undefined).allowed).toBe(true)
    expect(canRead(alice, path, taskFields(BOB)).allowed).toBe(false)
  })
})

describe('canQuery', () => {
  const target = { parent: [], collectionId: 'tasks', allDescendants: false }
  const emailIs = (email: string): Filter => ({
    kind: 'field',
    field: ['email'],
    op: 'EQUAL',
    value: { stringValue: email },
  })

  it('needs email == own e-mail, alone or in a top-level AND', () => {
    expect(canQuery(alice, target, emailIs(ALICE)).allowed).toBe(true)
    const and: Filter = {
      kind: 'composite',
      op: 'AND',
      filters: [{ kind: 'unary', field: ['task'], op: 'IS_NOT_NULL' }, emailIs(ALICE)],
    }
    expect(canQuery(alice, target, and).allowed).toBe(true)
  })

  it.each<[string, Filter | undefined]>([
    ['no filter', undefined],
    ["another user's e-mail", emailIs(BOB)],
    ['an OR', { kind: 'composite', op: 'OR', filters: [emailIs(ALICE), emailIs(BOB)] }],
    [
      'a != filter',
      { kind: 'field', field: ['email'], op: 'NOT_EQUAL', value: { stringValue: BOB } },
    ],
  ])('denies a query with %s', (_, where) => {
    expect(canQuery(alice, target, where).allowed).toBe(false)
  })

  it('denies collection groups and other collections', () => {
    expect(canQuery(alice, { ...target, allDescendants: true }, emailIs(ALICE)).allowed).toBe(false)
    expect(canQuery(alice, { ...target, collectionId: 'users' }, emailIs(ALICE)).allowed).toBe(
      false,
    )
    expect(canQuery(owner, { ...target, collectionId: 'users' }, undefined).allowed).toBe(true)
  })
})
