import { describe, expect, it } from 'vitest'
import { nextItem } from '../../src/lib/helpers'

function items(...names: string[]): HTMLElement[] {
  return names.map((name) => {
    const item = document.createElement('button')
    item.textContent = ` ${name} `
    return item
  })
}

describe('nextItem', () => {
  const menu = items('Edit', 'Move up', 'Move down', 'Delete')

  it('moves with the arrows and wraps at either end', () => {
    expect(nextItem(menu, 0, 'ArrowDown')).toBe(1)
    expect(nextItem(menu, 3, 'ArrowDown')).toBe(0)
    expect(nextItem(menu, 0, 'ArrowUp')).toBe(3)
  })

  it('goes to the ends with Home and End', () => {
    expect(nextItem(menu, 2, 'Home')).toBe(0)
    expect(nextItem(menu, 1, 'End')).toBe(3)
  })

  it('goes to the next item a letter starts, in any case, after the current one', () => {
    expect(nextItem(menu, 0, 'm')).toBe(1)
    expect(nextItem(menu, 1, 'M')).toBe(2)
    expect(nextItem(menu, 2, 'm')).toBe(1)
    expect(nextItem(menu, 0, 'd')).toBe(3)
  })

  it('leaves focus where it is for other keys and letters no item starts', () => {
    expect(nextItem(menu, 1, 'Tab')).toBe(-1)
    expect(nextItem(menu, 1, 'x')).toBe(-1)
  })
})
