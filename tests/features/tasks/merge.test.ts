import { describe, expect, it } from 'vitest'
import { applyPending, applyToServerAnswer } from '../../../src/features/tasks/merge'
import type { OutboxEntry } from '../../../src/services/types'
import type { Task, TaskField } from '../../../src/services/types'
import { EMAIL, makeTask } from '../../support/store'

const task = makeTask
const texts = (list: { task: string }[]) => list.map((item) => item.task)

const updateEntry = (
  changed: Task,
  fields: TaskField[],
  seq: number,
  acknowledged?: true,
): OutboxEntry => ({
  kind: 'update',
  task: changed,
  fields,
  id: changed.id,
  email: EMAIL,
  seq,
  attempted: true,
  ...(acknowledged && { acknowledged }),
})

describe('applying pending writes over a list', () => {
  it('adds, updates and removes by id, oldest change first', () => {
    const list = [task('one', { id: 'a' }), task('two', { id: 'b' })]
    const pending: OutboxEntry[] = [
      { kind: 'delete', id: 'b', email: EMAIL, seq: 2, attempted: false },
      updateEntry(task('one, edited', { id: 'a' }), ['task'], 1),
      {
        kind: 'add',
        task: task('three', { id: 'c' }),
        id: 'c',
        email: EMAIL,
        seq: 3,
        attempted: false,
      },
    ]
    expect(texts(applyPending(list, pending))).toEqual(['one, edited', 'three'])
  })

  it('an update changes only its own fields: what another device changed stays', () => {
    const server = [task('Email Alex about the contract', { id: 'a' })]
    // This device, stale, ticked it off while it still showed the old text.
    const done = updateEntry(
      task('Email Alex', { id: 'a', isFinished: true, order: 9 }),
      ['isFinished', 'order'],
      1,
    )
    expect(applyPending(server, [done])).toEqual([
      task('Email Alex about the contract', { id: 'a', isFinished: true, order: 9 }),
    ])
  })

  it('an update never brings back a task that is gone (deleted on another device)', () => {
    const edit = updateEntry(task('Edited here', { id: 'gone' }), ['task'], 1)
    expect(applyPending([task('Other', { id: 'b' })], [edit])).toEqual([task('Other', { id: 'b' })])
  })
})

describe('applying the outbox over the server’s answer to a query', () => {
  const entry = (text: string, id: string, seq: number, acknowledged?: true) =>
    updateEntry(task(text, { id }), ['task'], seq, acknowledged)

  it('skips writes acknowledged before the query: the answer has them, or something newer', () => {
    const answer = [task('newer, from another device', { id: 'a' })]
    const before = [entry('mine, acknowledged earlier', 'a', 1, true)]
    expect(texts(applyToServerAnswer(answer, before, before))).toEqual([
      'newer, from another device',
    ])
  })

  it('applies writes pending before it, and writes acknowledged while it ran', () => {
    const answer = [task('old a', { id: 'a' }), task('old b', { id: 'b' })]
    const before = [entry('pending a', 'a', 1)]
    // While the query ran: a's write was acknowledged, b was changed and acknowledged.
    const after = [entry('pending a', 'a', 1, true), entry('changed b', 'b', 2, true)]
    expect(texts(applyToServerAnswer(answer, before, after))).toEqual(['pending a', 'changed b'])
  })

  it('an add tried before, which the server holds, changes only what changed here since', () => {
    // The phone finished the task after the laptop's add got through, its answer lost.
    const answer = [task('Email Alex', { isFinished: true, order: 9 })]
    const add: OutboxEntry = {
      kind: 'add',
      task: task('Email Alex about the contract'),
      fields: ['task'],
      id: 't1',
      email: EMAIL,
      seq: 3,
      attempted: true,
    }
    expect(applyToServerAnswer(answer, [add], [add])).toEqual([
      task('Email Alex about the contract', { isFinished: true, order: 9 }),
    ])
    // Not in the answer: the first attempt never got there, and the whole add stands.
    expect(applyToServerAnswer([], [add], [add])).toEqual([add.task])
  })
})
