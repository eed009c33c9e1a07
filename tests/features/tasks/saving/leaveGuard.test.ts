import { describe, expect, it } from 'vitest'
import { guardLeaving } from '../../../../src/features/tasks/saving/listeners'

const leave = () => {
  const event = new Event('beforeunload', { cancelable: true })
  window.dispatchEvent(event)
  return event.defaultPrevented ? 'asked' : 'left'
}

describe('leaving the page', () => {
  it('asks while a change is in the page’s memory only, and not once it is safe', () => {
    let inMemory = true
    const stop = guardLeaving({ changesOnlyInMemory: () => inMemory })
    expect(leave()).toBe('asked')
    inMemory = false
    expect(leave()).toBe('left')
    inMemory = true
    stop()
    expect(leave()).toBe('left')
  })
})
