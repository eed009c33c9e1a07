import { readFileSync } from 'node:fs'
import { join } from 'node:path'
import { describe, expect, it } from 'vitest'

// Vitest runs from the project's root.
const read = (file: string) => readFileSync(join(process.cwd(), file), 'utf8')
const pkg = JSON.parse(read('package.json')) as { devDependencies: Record<string, string> }
const nvmrc = read('.nvmrc').trim()

describe("the project's Node", () => {
  it('is the node devDependency, exactly the version .nvmrc names', () => {
    expect(pkg.devDependencies.node).toBe(nvmrc)
  })

  it('is what the scripts run on, whatever Node the machine has', () => {
    // `npm test` reaches here through npm, which puts node_modules/.bin first on PATH.
    expect(process.version).toBe(`v${nvmrc}`)
  })
})
