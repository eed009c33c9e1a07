import { describe, expect, it } from 'vitest'
import { createOracle, type Pending } from './faultOracle'

// The fault scenario (tests/e2e/faults.spec.ts) passes when the oracle finds nothing lost:
// these cases show it does find each kind of loss, so a pass means something.

const added = { task: 'Email Alex', isFinished: false }
const queuedUpdate = (id: string, values: Pending['values']): Pending => ({
  id,
  deletes: false,
  creates: false,
  values,
})

describe('the fault scenario’s oracle', () => {
  it('finds nothing lost when the server holds every last change', () => {
    const oracle = createOracle()
    oracle.set('laptop', 'a', added, [], true)
    oracle.set('phone', 'a', { task: 'Email Alex about the contract' }, [])
    expect(
      oracle.lost({ a: { task: 'Email Alex about the contract', isFinished: false } }),
    ).toEqual([])
  })

  it('reports a field that shows an older value, a task missing, and a deleted task still there', () => {
    const oracle = createOracle()
    oracle.set('laptop', 'a', added, [], true)
    oracle.set('laptop', 'a', { task: 'Email Alex about the contract' }, [])
    oracle.set('phone', 'a', { isFinished: true }, [])
    oracle.set('phone', 'b', { task: 'Buy milk', isFinished: false }, [], true)
    oracle.set('phone', 'c', { task: 'Call Sam', isFinished: false }, [], true)
    oracle.deleted('c', [])
    expect(
      oracle.lost({
        a: { task: 'Email Alex', isFinished: true },
        c: { task: 'Call Sam', isFinished: false },
      }),
    ).toEqual([
      "a.task: Email Alex, not laptop's change",
      'b: missing on the server',
      'c: deleted, but on the server',
    ])
  })

  it('reports a task on the server that nobody added', () => {
    expect(createOracle().lost({ x: { task: 'From nowhere', isFinished: false } })).toEqual([
      'x: on the server, but nobody added it',
    ])
  })

  it('accepts either value of a field both devices changed while one was still queued', () => {
    const oracle = createOracle()
    oracle.set('laptop', 'a', added, [], true)
    oracle.set('laptop', 'a', { task: 'Email Alex tomorrow' }, [
      queuedUpdate('a', { task: 'Email Alex today' }),
    ])
    expect(oracle.conflicts()).toBe(1)
    for (const task of ['Email Alex today', 'Email Alex tomorrow']) {
      expect(oracle.lost({ a: { task, isFinished: false } })).toEqual([])
    }
    expect(oracle.lost({ a: added })).toEqual(["a.task: Email Alex, not laptop's change"])
  })

  it('lets Undo bring a task back, and a delete still queued elsewhere take it away again', () => {
    const oracle = createOracle()
    oracle.set('laptop', 'a', added, [], true)
    oracle.deleted('a', [])
    oracle.set('laptop', 'a', added, [], true)
    expect(oracle.lost({})).toEqual(['a: missing on the server'])
    oracle.set('laptop', 'a', added, [{ ...queuedUpdate('a', {}), deletes: true }], true)
    expect(oracle.lost({})).toEqual([])
    expect(oracle.lost({ a: added })).toEqual([])
  })

  it('tells what happened to a task, in order, to explain a loss', () => {
    const oracle = createOracle()
    oracle.set('laptop', 'a', added, [], true)
    oracle.deleted('a', [queuedUpdate('a', { isFinished: true })], 'phone')
    expect(oracle.story('a')).toEqual([
      expect.stringMatching(
        /^\d+\.\d s: laptop creates {"task":"Email Alex","isFinished":false}; nothing queued elsewhere$/,
      ),
      expect.stringMatching(
        /^\d+\.\d s: phone deletes; queued elsewhere: update {"isFinished":true}$/,
      ),
    ])
    expect(oracle.story('b')).toEqual([])
  })
})
