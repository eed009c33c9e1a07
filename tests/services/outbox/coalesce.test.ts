import { describe, expect, it } from 'vitest'
import { coalesce } from '../../../src/services/outbox/coalesce'
import type { OutboxEntry, OutboxWrite } from '../../../src/services/types'
import type { TaskField } from '../../../src/services/types'
import { EMAIL, makeTask } from '../../support/store'

const task = makeTask
const add = (text: string): OutboxWrite => ({ kind: 'add', task: task(text) })
const update = (text: string): OutboxWrite => ({
  kind: 'update',
  task: task(text),
  fields: ['task'],
})
const finish = (order: number): OutboxWrite => ({
  kind: 'update',
  task: task('a', { isFinished: true, order }),
  fields: ['isFinished', 'order'],
})
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

  it('updates write the fields either changed, with the latest values', () => {
    const entry = entryAfter([update('a'), finish(7)])
    expect(entry).toMatchObject({
      kind: 'update',
      fields: ['task', 'isFinished', 'order'] satisfies TaskField[],
      task: { task: 'a', isFinished: true, order: 7 },
    })
    expect(entryAfter([finish(7), finish(8)])).toMatchObject({ fields: ['isFinished', 'order'] })
  })
})
