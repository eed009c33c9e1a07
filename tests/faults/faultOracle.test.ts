import { describe, expect, it } from 'vitest'
import type { OutboxEntry, Task } from '../../src/services/types'
import { createOracle } from './faultOracle'

// The fault scenario passes when the oracle finds nothing lost: these cases show it does find
// each kind of loss, so a pass means something.

const EMAIL = 'ada@example.com'
const task = (id: string, text: string, order = 0, isFinished = false): Task => ({
  id,
  task: text,
  isFinished,
  email: EMAIL,
  order,
})
const stored = (...tasks: Task[]) =>
  Object.fromEntries(tasks.map(({ id, ...fields }) => [id, fields as Record<string, unknown>]))
const pendingUpdate = (after: Task): OutboxEntry => ({
  kind: 'update',
  task: after,
  fields: ['task'],
  id: after.id,
  email: EMAIL,
  seq: 1,
  attempted: true,
})

describe('the fault scenario’s oracle', () => {
  it('finds nothing lost when the server holds every last change', () => {
    const oracle = createOracle()
    oracle.set('laptop', task('a', 'Email Alex'), ['task', 'isFinished', 'order'], [])
    oracle.set('phone', task('a', 'Email Alex about the contract'), ['task'], [])
    expect(oracle.lost(stored(task('a', 'Email Alex about the contract')))).toEqual([])
  })

  it('reports a field that shows an older value, a task missing, and a deleted task still there', () => {
    const oracle = createOracle()
    oracle.set('laptop', task('a', 'Email Alex'), ['task', 'isFinished', 'order'], [])
    oracle.set('laptop', task('a', 'Email Alex about the contract'), ['task'], [])
    oracle.set('phone', task('a', 'Email Alex about the contract', 0, true), ['isFinished'], [])
    oracle.set('phone', task('b', 'Buy milk', 1), ['task', 'isFinished', 'order'], [])
    oracle.set('phone', task('c', 'Call Sam', 2), ['task', 'isFinished', 'order'], [])
    oracle.deleted('c')
    expect(oracle.lost(stored(task('a', 'Email Alex', 0, true), task('c', 'Call Sam', 2)))).toEqual(
      [
        "a.task: Email Alex, not laptop's change",
        'b: missing on the server',
        'c: deleted, but on the server',
      ],
    )
  })

  it('reports a task on the server that nobody added', () => {
    expect(createOracle().lost(stored(task('x', 'From nowhere')))).toEqual([
      'x: on the server, but nobody added it',
    ])
  })

  it('accepts either value of a field both devices changed while one was still on its way', () => {
    const oracle = createOracle()
    oracle.set('laptop', task('a', 'Email Alex'), ['task', 'isFinished', 'order'], [])
    const phoneEdit = task('a', 'Email Alex today')
    oracle.set('laptop', task('a', 'Email Alex tomorrow'), ['task'], [pendingUpdate(phoneEdit)])
    expect(oracle.conflicts()).toBe(1)
    expect(oracle.lost(stored(phoneEdit))).toEqual([])
    expect(oracle.lost(stored(task('a', 'Email Alex tomorrow')))).toEqual([])
    expect(oracle.lost(stored(task('a', 'Email Alex')))).toEqual([
      "a.task: Email Alex, not laptop's change",
    ])
  })
})
