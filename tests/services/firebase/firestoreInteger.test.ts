// The real module: the build's redirect applies only to Firestore's own import of it.
import { Integer as ClosureInteger } from '@firebase/webchannel-wrapper/bloom-blob'
import { describe, expect, it } from 'vitest'
import { Integer } from '../../../src/services/firebase/firestoreInteger'

/** What each does with `text`: its value and its order against a few others, or the error. */
function behaviour(integer: {
  fromString(text: string): { compare(other: never): number; toString(): string }
}) {
  return (text: string, others: readonly string[]) => {
    try {
      const value = integer.fromString(text)
      return {
        value: value.toString(),
        order: others.map((other) => value.compare(integer.fromString(other) as never)),
      }
    } catch (err) {
      return { error: (err as Error).message }
    }
  }
}

const REFERENCES = [
  '0',
  '5',
  '-5',
  '99999999',
  '100000000',
  '18446744073709551616',
  '-123456789012',
]

const HAND_PICKED = [
  ...REFERENCES,
  '',
  '-',
  '--1',
  '1-2',
  'abc',
  '12a',
  '1.5',
  ' 7',
  '+3',
  '0x10',
  '00000000000000001',
  '123456781234567812345678',
  '9'.repeat(40),
  `-${'9'.repeat(40)}`,
  '1234567a12345678',
  '12345678abcdefgh9',
]

/** Random strings from digits, a minus sign and a little junk, 0 to 30 characters. */
function randomInputs(count: number): string[] {
  const alphabet = '0123456789012345678901234567890123456789-+ .ax'
  let seed = 12345
  const next = () => {
    seed = (seed * 1103515245 + 12345) % 2 ** 31
    return seed
  }
  return Array.from({ length: count }, () =>
    Array.from({ length: next() % 31 }, () => alphabet[next() % alphabet.length]).join(''),
  )
}

describe('the BigInt Integer that replaces the Closure blob in the build', () => {
  it('is tested against the Closure original, not against itself', () => {
    expect(ClosureInteger).not.toBe(Integer)
  })

  const ours = behaviour(Integer)
  const closure = behaviour(ClosureInteger)

  it.each(HAND_PICKED)('reads %j as Closure does', (text) => {
    expect(ours(text, REFERENCES)).toEqual(closure(text, REFERENCES))
  })

  it('agrees with Closure on 2,000 random strings, compared with each other', () => {
    const inputs = randomInputs(2000)
    const valid = inputs.filter((text) => !('error' in closure(text, [])))
    expect(valid.length).toBeGreaterThan(500)
    inputs.forEach((text, index) => {
      const others = valid.slice(index % 400, (index % 400) + 5)
      expect(ours(text, others), text).toEqual(closure(text, others))
    })
  })

  it('orders the numeric ids Firestore compares', () => {
    const ids = ['10', '9', '-1', '100000000000000000000', '0']
    const sorted = [...ids].sort((a, b) => Integer.fromString(a).compare(Integer.fromString(b)))
    expect(sorted).toEqual(['-1', '0', '9', '10', '100000000000000000000'])
  })
})
