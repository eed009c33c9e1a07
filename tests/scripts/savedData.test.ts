import { readFileSync, rmSync, truncateSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { Damaged, readSaved } from '../../scripts/saved-data.mjs'
import { dataStores } from '../../scripts/saving.mjs'
import {
  copyFixture,
  KIND_FOLDER,
  logFile,
  OUTPUT,
  OVERALL,
  scratch,
  writeFirestoreExport,
} from './exportFiles'

const [firestore, auth] = dataStores({ kind: 'jar' }, '.data')
if (!firestore || !auth) throw new Error('the jar route keeps two stores')
const [both] = dataStores({ kind: 'firebase-tools' }, '.data')
if (!both) throw new Error('firebase-tools keeps one store')

let root = ''
afterEach(() => {
  rmSync(root, { recursive: true, force: true })
})
const fixture = (name: 'firestore' | 'auth') => {
  root = scratch()
  return copyFixture(name, join(root, name))
}
const problem = (store: typeof firestore, dir: string) => {
  try {
    readSaved(store, dir)
  } catch (error) {
    if (error instanceof Damaged) return error.message
    throw error
  }
  return 'none'
}

describe('saved data, read back whole', () => {
  it("reads the emulator jar's own export: every document, each checksum checked", () => {
    const saved = readSaved(firestore, fixture('firestore'))
    expect(saved.documents).toBe(3)
    // Equal data, equal digest: an unchanged export replaces nothing.
    expect(readSaved(firestore, copyFixture('firestore', join(root, 'copy'))).digest).toBe(
      saved.digest,
    )
  })

  it("reads firebase-tools' Auth export", () => {
    expect(readSaved(auth, fixture('auth')).accounts).toBe(1)
  })

  it('reads records cut across blocks, and an empty database', () => {
    root = scratch()
    const big = Buffer.alloc(100_000, 7)
    const saved = readSaved(firestore, writeFirestoreExport(root, [big, Buffer.from('small')]))
    expect(saved.documents).toBe(2)
    const empty = readSaved(firestore, writeFirestoreExport(join(root, 'empty'), []))
    expect(empty.documents).toBe(0)
  })

  it('reads a firebase-tools folder holding both', () => {
    root = scratch()
    const dir = copyFixture('auth', join(root, 'emulators'))
    copyFixture('firestore', dir)
    writeFileSync(
      join(dir, 'firebase-export-metadata.json'),
      JSON.stringify({ auth: { path: 'auth_export' }, firestore: { path: 'firestore_export' } }),
    )
    expect(readSaved(both, dir)).toMatchObject({ documents: 3, accounts: 1 })
  })
})

describe('damaged data, named', () => {
  const damage = {
    // A save cut by a crash: the emulator exits on it, "Invalid record".
    'an output cut short': (dir: string) => {
      truncateSync(join(dir, OUTPUT), 300)
    },
    'a byte changed': (dir: string) => {
      const bytes = readFileSync(join(dir, OUTPUT))
      bytes[40] = (bytes[40] ?? 0) ^ 0xff
      writeFileSync(join(dir, OUTPUT), bytes)
    },
    // Files never flushed before a power cut: on these the emulator starts empty, silently.
    'an empty output': (dir: string) => {
      truncateSync(join(dir, OUTPUT), 0)
    },
    'empty part metadata': (dir: string) => {
      truncateSync(join(dir, KIND_FOLDER, 'all_namespaces_all_kinds.export_metadata'), 0)
    },
    'half-written overall metadata': (dir: string) => {
      truncateSync(join(dir, OVERALL), 50)
    },
    'a missing output': (dir: string) => {
      rmSync(join(dir, OUTPUT))
    },
    'a missing overall metadata': (dir: string) => {
      rmSync(join(dir, OVERALL))
    },
  }
  it.each(Object.entries(damage))('finds %s', (_, harm) => {
    const dir = fixture('firestore')
    harm(dir)
    expect(problem(firestore, dir)).toMatch(
      /cut short|checksum|holds 0 documents|incomplete|is missing|not a valid/,
    )
  })

  it('says which file, and how', () => {
    const dir = fixture('firestore')
    truncateSync(join(dir, OUTPUT), 0)
    expect(problem(firestore, dir)).toBe(
      'firestore_export/all_namespaces/all_kinds holds 0 documents in 0 bytes, where its metadata says 3 in 465',
    )
    truncateSync(join(dir, OVERALL), 50)
    expect(problem(firestore, dir)).toBe(
      'firestore_export/firestore_export.overall_export_metadata is cut short at byte 50',
    )
  })

  it('finds a record cut in the middle of its parts', () => {
    root = scratch()
    const dir = writeFirestoreExport(root, [Buffer.alloc(100_000, 7)])
    writeFileSync(join(dir, OUTPUT), logFile([Buffer.alloc(100_000, 7)]).subarray(0, 70_000))
    expect(problem(firestore, dir)).toMatch(/ends in the middle of a record|cut short/)
  })

  it('finds Auth data half-written or missing, which the Auth emulator would skip', () => {
    const dir = fixture('auth')
    const accounts = join(dir, 'auth_export/accounts.json')
    writeFileSync(accounts, readFileSync(accounts, 'utf8').slice(0, 100))
    expect(problem(auth, dir)).toMatch(/accounts\.json is not whole/)
    rmSync(accounts)
    expect(problem(auth, dir)).toBe('auth_export/accounts.json is missing')
    rmSync(join(dir, 'firebase-export-metadata.json'))
    expect(problem(auth, dir)).toBe('firebase-export-metadata.json is missing')
  })
})
