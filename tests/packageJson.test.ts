import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'

const read = (file: string) => readFileSync(new URL(`../${file}`, import.meta.url), 'utf8')
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
