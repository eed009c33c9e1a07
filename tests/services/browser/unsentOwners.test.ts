import { describe, expect, it } from 'vitest'
import { createUnsentOwners } from '../../../src/services/browser/unsentOwners'

describe('who left unsent changes on this browser', () => {
  it('is kept in localStorage, each person once, until they are removed', () => {
    const owners = createUnsentOwners()
    expect(owners.others('ada@example.com')).toBe(false)
    owners.add('ada@example.com')
    owners.add('ada@example.com')
    expect(JSON.parse(localStorage.getItem('todo.unsentOwners') ?? '')).toEqual(['ada@example.com'])
    expect(createUnsentOwners().others('grace@example.com')).toBe(true)
    expect(owners.others('ada@example.com')).toBe(false)
    owners.remove('ada@example.com')
    expect(localStorage.getItem('todo.unsentOwners')).toBeNull()
    expect(owners.others('grace@example.com')).toBe(false)
  })

  it('counts as someone when it cannot be read, so the device is never cleared over them', () => {
    localStorage.setItem('todo.unsentOwners', '{not json')
    expect(createUnsentOwners().others('ada@example.com')).toBe(true)
    const unusable = createUnsentOwners(() => {
      throw new DOMException('The operation is insecure.', 'SecurityError')
    })
    expect(() => {
      unusable.add('ada@example.com')
    }).not.toThrow()
    expect(unusable.others('ada@example.com')).toBe(true)
  })
})
