import { describe, expect, it } from 'vitest'
import {
  applyPending,
  applyToServerAnswer,
  coalesce,
  type OutboxEntry,
  type OutboxWrite,
} from '../../../src/services/outbox/coalesce'
import type { Task } from '../../../src/services/types'

const EMAIL = 'ada@example.com'
const task = (text: string, overrides: Partial<Task> = {}): Task => ({
  id: 't1',
  task: text,
  isFinished: false,
  email: EMAIL,
  order: 0,
  ...overrides,
})
const add = (text: string): OutboxWrite => ({ kind: 'add', task: task(text) })
const update = (text: string): OutboxWrite => ({ kind: 'update', task: task(text) })
const del: OutboxWrite = { kind: 'delete', id: 't1', email: EMAIL }

/** The entry left after `writes`, with the first `triedAfter` of them sent once already. */
function entryAfter(writes: OutboxWrite[], triedAfter = Infinity): OutboxEntry | null {
  let entry: OutboxEntry | undefined
  for (const [index, write] of writes.entries()) {
    const next = coalesce(entry, write, index + 1)
    entry = next ?? undefined
    if (entry && index + 1 === triedAfter) entry = { ...entry, attempted: true }
  }
  return entry ?? null
}

describe('coalescing the writes of one document', () => {
  it('add then updates is one add of the latest object', () => {
    expect(entryAfter([add('a'), update('b'), update('c')])).toMatchObject({
      kind: 'add',
      task: { task: 'c' },
      seq: 3,
    })
  })

  it('add then delete, before anything was sent, is nothing', () => {
    expect(entryAfter([add('a'), update('b'), del])).toBeNull()
  })

  it('add then delete after the add was tried is a delete: the server may hold it', () => {
    expect(entryAfter([add('a'), del], 1)).toMatchObject({ kind: 'delete', attempted: true })
  })

  it('updates then delete is one delete', () => {
    expect(entryAfter([update('a'), update('b'), del])).toMatchObject({ kind: 'delete', id: 't1' })
  })

  it('several updates are the latest', () => {
    expect(entryAfter([update('a'), update('b'), update('c')])).toMatchObject({
      kind: 'update',
      task: { task: 'c' },
    })
  })

  it('an update after a delete leaves the delete', () => {
    expect(entryAfter([update('a'), del, update('ghost')])).toMatchObject({ kind: 'delete' })
  })

  it('a write after an acknowledged one is a write of its own, not merged into it', () => {
    const acknowledgedAdd: OutboxEntry = {
      ...add('a'),
      id: 't1',
      email: EMAIL,
      seq: 1,
      attempted: true,
      acknowledged: true,
    }
    expect(coalesce(acknowledgedAdd, update('b'), 2)).toEqual({
      ...update('b'),
      id: 't1',
      email: EMAIL,
      seq: 2,
      attempted: false,
    })
    expect(coalesce(acknowledgedAdd, del, 2)).toMatchObject({ kind: 'delete', seq: 2 })
    const acknowledgedDelete: OutboxEntry = { ...acknowledgedAdd, ...del }
    expect(coalesce(acknowledgedDelete, update('ghost'), 2)).toMatchObject({
      kind: 'delete',
      acknowledged: true,
    })
  })

  it('every entry carries its document id and owner', () => {
    expect(entryAfter([update('a')])).toMatchObject({ id: 't1', email: EMAIL, attempted: false })
  })
})

describe('applying pending writes over a list', () => {
  it('adds, replaces and removes by id, oldest change first', () => {
    const list = [task('one', { id: 'a' }), task('two', { id: 'b' })]
    const pending: OutboxEntry[] = [
      { kind: 'delete', id: 'b', email: EMAIL, seq: 2, attempted: false },
      {
        kind: 'update',
        task: task('one, edited', { id: 'a' }),
        id: 'a',
        email: EMAIL,
        seq: 1,
        attempted: true,
      },
      {
        kind: 'add',
        task: task('three', { id: 'c' }),
        id: 'c',
        email: EMAIL,
        seq: 3,
        attempted: false,
      },
    ]
    expect(applyPending(list, pending).map((item) => item.task)).toEqual(['one, edited', 'three'])
  })
})

describe('applying the outbox over the server’s answer to a query', () => {
  const entry = (text: string, id: string, seq: number, acknowledged?: true): OutboxEntry => ({
    kind: 'update',
    task: task(text, { id }),
    id,
    email: EMAIL,
    seq,
    attempted: true,
    ...(acknowledged && { acknowledged }),
  })

  it('skips writes acknowledged before the query: the answer has them, or something newer', () => {
    const answer = [task('newer, from another device', { id: 'a' })]
    const before = [entry('mine, acknowledged earlier', 'a', 1, true)]
    expect(applyToServerAnswer(answer, before, before).map((item) => item.task)).toEqual([
      'newer, from another device',
    ])
  })

  it('applies writes pending before it, and writes acknowledged while it ran', () => {
    const answer = [task('old a', { id: 'a' }), task('old b', { id: 'b' })]
    const before = [entry('pending a', 'a', 1)]
    // While the query ran: a's write was acknowledged, b was changed and acknowledged.
    const after = [entry('pending a', 'a', 1, true), entry('changed b', 'b', 2, true)]
    expect(applyToServerAnswer(answer, before, after).map((item) => item.task)).toEqual([
      'pending a',
      'changed b',
    ])
  })
})
