import { spawnSync } from 'node:child_process'
import { mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, describe, expect, it } from 'vitest'

const outDir = mkdtempSync(join(tmpdir(), 'todo-env-build-'))
afterAll(() => {
  rmSync(outDir, { recursive: true, force: true })
})

/** Every JavaScript file a production build writes, with these variables set at build time. */
function buildWith(env: Record<string, string>): string {
  // Its own output folder: dist/ may be in use by a preview or another build.
  const build = spawnSync(
    process.execPath,
    ['node_modules/vite/bin/vite.js', 'build', '--logLevel', 'error', '--outDir', outDir],
    { env: { ...process.env, ...env }, encoding: 'utf8' },
  )
  expect(build.status, build.stderr).toBe(0)
  return readdirSync(outDir, { recursive: true, encoding: 'utf8' })
    .filter((name) => name.endsWith('.js'))
    .map((name) => readFileSync(join(outDir, name), 'utf8'))
    .join('\n')
}

describe('the build', () => {
  it('carries the variables the app reads, and no other VITE_ variable', () => {
    const js = buildWith({
      VITE_SECRET_SOMETHING: 'xyz-unrelated-secret',
      VITE_FIREBASE_API_KEY: 'key-read-by-the-app',
      VITE_FIREBASE_AUTH_DOMAIN: 'my-todo.firebaseapp.com',
      VITE_FIREBASE_PROJECT_ID: 'my-todo',
      VITE_FIREBASE_APP_ID: '1:2:web:3',
    })
    expect(js).toContain('key-read-by-the-app')
    expect(js).not.toContain('xyz-unrelated-secret')
    expect(js).not.toContain('VITE_SECRET_SOMETHING')
  }, 60_000)
})
