import { mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { LAST_USER_KEY } from '../../src/services/browser/adapters'
import {
  REMEMBERED_MARK_HASH,
  REMEMBERED_MARK_SCRIPT,
  checkCspAllowsMark,
} from '../../vite/plugins/rememberedMark'

const runScript = () => {
  // The script as the browser runs it from index.html: plain code, no module.
  // eslint-disable-next-line @typescript-eslint/no-implied-eval
  const script = new Function(REMEMBERED_MARK_SCRIPT) as () => void
  script()
}
const marked = () => document.documentElement.hasAttribute('data-remembered')

afterEach(() => {
  document.documentElement.removeAttribute('data-remembered')
})

describe("index.html's head script", () => {
  it('marks <html> when the device remembers its last user, and only then', () => {
    runScript()
    expect(marked()).toBe(false)
    localStorage.setItem(LAST_USER_KEY, 'ada@example.com')
    runScript()
    expect(marked()).toBe(true)
  })

  it('marks nothing, and throws nothing, when storage cannot be read', () => {
    vi.spyOn(Storage.prototype, 'getItem').mockImplementation(() => {
      throw new DOMException('Access is denied', 'SecurityError')
    })
    runScript()
    expect(marked()).toBe(false)
  })

  it('is allowed by firebase.json’s Content-Security-Policy, which the build checks', () => {
    expect(() => {
      checkCspAllowsMark()
    }).not.toThrow()
    const file = join(mkdtempSync(join(tmpdir(), 'csp-')), 'firebase.json')
    const csp = "default-src 'self'; script-src 'self'"
    const headers = [{ source: '**', headers: [{ key: 'Content-Security-Policy', value: csp }] }]
    writeFileSync(file, JSON.stringify({ hosting: { headers } }))
    expect(() => {
      checkCspAllowsMark(file)
    }).toThrow(REMEMBERED_MARK_HASH)
  })
})
