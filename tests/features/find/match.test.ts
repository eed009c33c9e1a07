import { describe, expect, it } from 'vitest'
import { fold, matches, wordsOf } from '../../../src/features/find/findSlice'
import { storedTask } from '../../support/store'

describe('fold', () => {
  it('drops accents and case', () => {
    expect(fold('Chloé')).toBe('chloe')
    expect(fold('ÉTÉ à Zürich, Ångström')).toBe('ete a zurich, angstrom')
    // Composed and decomposed é are one letter to Find.
    expect(fold('Cafe\u0301')).toBe(fold('Café'))
  })

  it('folds a final sigma as Unicode case folding does', () => {
    expect(fold('ΟΔΟΣ')).toBe(fold('οδος'))
  })
})

describe('matches', () => {
  const task = storedTask('a', false, 0, 'Call Chloé about the Café')

  it('needs every word typed, in any order, anywhere in the text', () => {
    expect(matches(task, wordsOf('chloe'))).toBe(true)
    expect(matches(task, wordsOf('  CAFE   chlo '))).toBe(true)
    expect(matches(task, wordsOf('chloe tea'))).toBe(false)
  })

  it('matches every task when nothing is typed', () => {
    expect(wordsOf('   ')).toEqual([])
    expect(matches(task, [])).toBe(true)
  })
})
