import { cpSync, mkdtempSync, readdirSync, readFileSync, rmSync, truncateSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { check, prepare, seal, swapIn } from '../../scripts/saves.ts'

// The checks and swaps of scripts/saves.ts on real folders: a real export of both emulators
// (fixtures/emulators: 3 tasks, 1 account, as the Firestore jar and firebase-tools wrote them).
// tests/scripts/start.emulator.test.ts runs the saves themselves, on the emulators.

const FIXTURE = join(import.meta.dirname, 'fixtures/emulators')
const OUTPUT = 'firestore_export/all_namespaces/all_kinds/output-0'
const now = new Date('2026-11-27T12:00:00Z')
let root = ''
afterEach(() => {
  rmSync(root, { recursive: true, force: true })
})
const setUp = () => (root = mkdtempSync(join(tmpdir(), 'todo-saves-')))
const names = () => readdirSync(root).sort()
/** A save as `npm start` leaves it, at `name` in the data folder. */
const saved = (name: string, counts = { documents: 3, accounts: 1 }) => {
  cpSync(FIXTURE, join(root, name), { recursive: true })
  seal(join(root, name), counts)
  return join(root, name)
}

describe('a save, checked', () => {
  it('is read back whole, with what it holds', () => {
    setUp()
    expect(check(saved('emulators'))).toEqual({ documents: 3, accounts: 1 })
  })

  it('names a file cut short, gone, or the missing list of files', () => {
    setUp()
    const dir = saved('emulators')
    truncateSync(join(dir, OUTPUT), 0)
    expect(check(dir)).toBe(`${OUTPUT} is not as it was saved`)
    rmSync(join(dir, OUTPUT))
    expect(check(dir)).toBe(`${OUTPUT} is missing`)
    rmSync(join(dir, 'saved.json'))
    expect(check(dir)).toMatch(/^saved\.json is missing/)
  })
})

describe('the start, on what was saved', () => {
  it('starts both emulators from a whole save', () => {
    setUp()
    const dir = saved('emulators')
    const start = prepare(root, { now })
    expect(start.seed).toEqual({
      firestore: join(dir, 'firestore_export/firestore_export.overall_export_metadata'),
      auth: dir,
    })
    expect(start).toMatchObject({ expected: { documents: 3, accounts: 1 }, keep: false })
  })

  it('moves damaged data aside untouched, and starts from the save before it', () => {
    setUp()
    const dir = saved('emulators')
    saved('emulators.previous', { documents: 3, accounts: 1 })
    truncateSync(join(dir, OUTPUT), 10)
    const damaged = readFileSync(join(dir, OUTPUT))
    const start = prepare(root, { now })
    const aside = join(root, 'emulators.damaged-2026-11-27T12-00-00')
    expect(names()).toEqual(['emulators', 'emulators.damaged-2026-11-27T12-00-00'])
    expect(readFileSync(join(aside, OUTPUT))).toEqual(damaged)
    expect(start.expected).toEqual({ documents: 3, accounts: 1 })
    expect(start.warnings).toEqual([
      `The data saved in ${dir} cannot be used: ${OUTPUT} is not as it was saved.`,
      `It is kept as it was, moved to ${aside}; nothing of it was deleted.`,
      `Starting from the save before it (3 documents, 1 account), moved from ${dir}.previous to ${dir}.`,
    ])
  })

  it('starts empty, saying so, when no save can be used', () => {
    setUp()
    truncateSync(join(saved('emulators'), OUTPUT), 0)
    const start = prepare(root, { now })
    expect(names()).toEqual(['emulators.damaged-2026-11-27T12-00-00'])
    expect(start.seed).toEqual({})
    expect(start.warnings[2]).toBe('There is no earlier save: starting with no data.')
  })

  it('finishes a save cut between its renames, and drops one never sealed', () => {
    setUp()
    saved('emulators.saving')
    saved('emulators.previous')
    expect(prepare(root, { now }).lines[0]).toMatch(/^finished a save that a crash had interrupted/)
    expect(names()).toEqual(['emulators', 'emulators.previous'])
    cpSync(FIXTURE, join(root, 'emulators.saving'), { recursive: true })
    expect(prepare(root, { now }).expected).toEqual({ documents: 3, accounts: 1 })
    expect(names()).toEqual(['emulators', 'emulators.previous'])
  })

  it('with --fresh, sets what was saved aside', () => {
    setUp()
    saved('emulators')
    expect(prepare(root, { fresh: true, now }).seed).toEqual({})
    expect(names()).toEqual(['emulators.kept-2026-11-27T12-00-00'])
  })

  it("reads an older npm start's data as it is, and never replaces it", () => {
    setUp()
    cpSync(FIXTURE, join(root, 'firestore'), { recursive: true })
    cpSync(FIXTURE, join(root, 'auth'), { recursive: true })
    expect(prepare(root, { now }).seed).toEqual({
      firestore: join(root, 'firestore/firestore_export/firestore_export.overall_export_metadata'),
      auth: join(root, 'auth'),
    })
    // firebase-tools' own layout, with no saved.json: set aside at the first save.
    cpSync(FIXTURE, join(root, 'emulators'), { recursive: true })
    const start = prepare(root, { now })
    expect(start).toMatchObject({ keep: true, seed: { auth: join(root, 'emulators') } })
    saved('emulators.saving')
    swapIn(start, { documents: 3, accounts: 1 }, now)
    expect(names()).toEqual([
      'auth',
      'emulators',
      'emulators.kept-2026-11-27T12-00-00',
      'firestore',
    ])
  })
})

describe('a save, swapped in', () => {
  it('keeps the one before as .previous, replacing the older', () => {
    setUp()
    saved('emulators')
    const start = prepare(root, { now })
    for (const documents of [4, 5]) {
      saved('emulators.saving', { documents, accounts: 1 })
      expect(swapIn(start, { documents, accounts: 1 }, now)).toBe(
        `saved ${String(documents)} documents, 1 account → ${join(root, 'emulators')}`,
      )
    }
    expect(names()).toEqual(['emulators', 'emulators.previous'])
    expect(check(join(root, 'emulators.previous'))).toEqual({ documents: 4, accounts: 1 })
  })

  it('sets the save aside for good when the emulators did not load all of it', () => {
    setUp()
    saved('emulators')
    saved('emulators.previous')
    const start = { ...prepare(root, { now }), keep: true }
    saved('emulators.saving', { documents: 0, accounts: 0 })
    expect(swapIn(start, { documents: 0, accounts: 0 }, now)).toMatch(
      /; the save it replaced is kept in .*emulators\.kept-2026-11-27T12-00-00$/,
    )
    expect(names()).toEqual([
      'emulators',
      'emulators.kept-2026-11-27T12-00-00',
      'emulators.previous',
    ])
    expect(start.keep).toBe(false)
  })
})
