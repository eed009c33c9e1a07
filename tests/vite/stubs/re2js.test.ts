import { readdirSync, readFileSync } from 'node:fs'
import { createRequire } from 'node:module'
import { dirname, join } from 'node:path'
import { describe, expect, it } from 'vitest'
import { RE2JS } from '../../../vite/stubs/re2js'

// The build replaces the Firestore SDK's `re2js` with vite/stubs/re2js.ts. That holds only while
// the SDK calls it for nothing but its pipelines' regular expressions: an upgrade that uses it
// anywhere else fails here, before it can fail for a person.

/** The classes of the SDK's browser build allowed to call RE2JS: LIKE, regex_contains, regex_match. */
const PIPELINE_EXPRESSIONS = [
  '__PRIVATE_CoreLike',
  '__PRIVATE_CoreRegexContains',
  '__PRIVATE_CoreRegexMatch',
]

/** The SDK's dist/ folder, where each of its builds is. */
const dist = dirname(createRequire(import.meta.url).resolve('@firebase/firestore'))

/** The SDK's browser ES modules (what Vite bundles) that import `re2js`. */
function importers(): { name: string; text: string }[] {
  return readdirSync(dist)
    .filter((name) => name.endsWith('.esm.js'))
    .map((name) => ({ name, text: readFileSync(join(dist, name), 'utf8') }))
    .filter(({ text }) => /from ['"]re2js['"]|import ['"]re2js['"]/.test(text))
}

describe('the re2js stub', () => {
  it('stands in only where the SDK evaluates pipeline expressions', () => {
    const files = importers()
    expect(files.length).toBeGreaterThan(0)
    const callers = files.flatMap(({ text }) =>
      [...text.matchAll(/RE2JS\s*\./g)].map((call) => {
        const classes = [...text.slice(0, call.index).matchAll(/\nclass (\w+)/g)]
        return classes.at(-1)?.[1] ?? '(outside any class)'
      }),
    )
    expect(callers.length).toBeGreaterThan(0)
    expect(new Set(callers)).toEqual(new Set(PIPELINE_EXPRESSIONS))
  })

  it('fails an expression alone, with an error the SDK catches and logs', () => {
    expect(() => RE2JS.compile()).toThrow(/not in this build/)
  })
})
