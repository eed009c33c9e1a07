import { readFileSync } from 'node:fs'
import { join } from 'node:path'

/** The path of a sample file of tests/fixtures (the tests run from the project's root). */
export const fixturePath = (name: string): string => join(process.cwd(), 'tests/fixtures', name)

/** A sample file of tests/fixtures, as text. */
export const fixture = (name: string): string => readFileSync(fixturePath(name), 'utf8')
