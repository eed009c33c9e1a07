import { describe, expect, it } from 'vitest'
import { createLastUserStore } from '../../../src/services/browser/adapters'

describe('the last user store', () => {
  it('keeps the device’s last signed-in e-mail in localStorage under todo.lastUser', () => {
    const lastUser = createLastUserStore()
    expect(lastUser.get()).toBeNull()
    lastUser.set('ada@example.com')
    expect(localStorage.getItem('todo.lastUser')).toBe('ada@example.com')
    expect(createLastUserStore().get()).toBe('ada@example.com')
    lastUser.set(null)
    expect(localStorage.getItem('todo.lastUser')).toBeNull()
  })

  it('treats storage that cannot be used as remembering nobody, never as an error', () => {
    const unusable = () => {
      throw new DOMException('The operation is insecure.', 'SecurityError')
    }
    const lastUser = createLastUserStore(unusable)
    expect(() => {
      lastUser.set('ada@example.com')
    }).not.toThrow()
    expect(lastUser.get()).toBeNull()
    const full = {
      getItem: () => null,
      setItem: () => {
        throw new DOMException('Quota exceeded', 'QuotaExceededError')
      },
    } as unknown as Storage
    expect(() => {
      createLastUserStore(() => full).set('ada@example.com')
    }).not.toThrow()
  })
})
