import { describe, expect, it, vi } from 'vitest'
import { consoleLogger, createBrowserSessionStore } from '../../../src/services/browser/adapters'

describe('the session store', () => {
  it('keeps the user e-mail in sessionStorage under userEmail', () => {
    const session = createBrowserSessionStore()
    expect(session.getUserEmail()).toBeNull()
    session.setUserEmail('ada@example.com')
    expect(sessionStorage.getItem('userEmail')).toBe('ada@example.com')
    expect(session.getUserEmail()).toBe('ada@example.com')
    session.removeUserEmail()
    expect(sessionStorage.getItem('userEmail')).toBeNull()
  })
})

describe('the console logger', () => {
  it('writes errors to console.error with the message first, then the error', () => {
    const consoleError = vi.spyOn(console, 'error').mockImplementation(() => undefined)
    const err = new Error('boom')
    consoleLogger.error('Error adding document', err)
    expect(consoleError).toHaveBeenCalledExactlyOnceWith('Error adding document', err)
  })

  it('writes information to console.log', () => {
    const consoleLog = vi.spyOn(console, 'log').mockImplementation(() => undefined)
    consoleLogger.info('Signed out successfully')
    expect(consoleLog).toHaveBeenCalledExactlyOnceWith('Signed out successfully')
  })
})
