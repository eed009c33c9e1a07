import { describe, expect, it } from 'vitest'
import { prerenderApp } from '../../src/app/prerender'

describe('the prerendered first paint', () => {
  it('says what a first-time visitor will go on seeing signed out, not "Checking sign-in…"', () => {
    const html = prerenderApp()
    expect(html).toContain('Plese login to save tasks')
    expect(html).toContain('>Login now</button>')
    expect(html).toContain('No tasks have been added yet')
    expect(html).not.toContain('Checking sign-in')
    expect(html).not.toContain('Loading your tasks')
  })
})
