import { existsSync, readdirSync, readFileSync, rmSync, truncateSync } from 'node:fs'
import { join } from 'node:path'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { readSaved } from '../../scripts/saved-data.mjs'
import { dataStores, NOTHING, prepareStore, saveStore, type Store } from '../../scripts/saving.mjs'
import { copyFixture, FIXTURES, OUTPUT, scratch, writeFirestoreExport } from './exportFiles'

// The swaps of scripts/saving.mjs on real folders, with exports copied from the fixtures (the
// emulators' own, see exportFiles.ts) in place of the emulators.

let root = ''
let store: Store
const now = new Date('2026-11-27T12:00:00Z')
const setUp = () => {
  root = scratch()
  const [firestore] = dataStores({ kind: 'jar' }, root)
  if (!firestore) throw new Error('the jar route keeps Firestore data')
  store = firestore
}
afterEach(() => {
  rmSync(root, { recursive: true, force: true })
})

const names = () => readdirSync(root).sort()
const bytesOf = (dir: string) => readFileSync(join(dir, OUTPUT))
const threeTasks = (dir: string) => Promise.resolve(void copyFixture('firestore', dir))
const noTasks = (dir: string) => Promise.resolve(void writeFirestoreExport(dir, []))
const counts = (documents: number) => () => Promise.resolve({ documents })
const save = (exportInto: (dir: string) => Promise<void>, liveCounts = counts(-1)) =>
  saveStore(store, existsSync(store.dir) ? readSaved(store, store.dir) : NOTHING, {
    exportInto,
    liveCounts,
    now,
  })

describe('a save', () => {
  it('swaps a whole export in, keeping the one before as .previous', async () => {
    setUp()
    expect(await save(threeTasks)).toMatchObject({ changed: true, saved: { documents: 3 } })
    expect(names()).toEqual(['firestore'])
    writeFirestoreExport(store.dir, [Buffer.from('one task, since changed')])
    expect((await save(threeTasks)).changed).toBe(true)
    expect(names()).toEqual(['firestore', 'firestore.previous'])
    expect(readSaved(store, `${store.dir}.previous`).documents).toBe(1)
  })

  it('changes nothing on disk when nothing changed', async () => {
    setUp()
    await save(threeTasks)
    expect(await save(threeTasks)).toMatchObject({ changed: false })
    expect(names()).toEqual(['firestore'])
  })

  it('replaces nothing with an export that is not whole', async () => {
    setUp()
    await save(threeTasks)
    const before = bytesOf(store.dir)
    const broken = async (dir: string) => {
      await threeTasks(dir)
      truncateSync(join(dir, OUTPUT), 100)
    }
    await expect(save(broken)).rejects.toThrow(/the export is not whole: .*output-0 is cut short/)
    expect(names()).toEqual(['firestore'])
    expect(bytesOf(store.dir)).toEqual(before)
  })

  it('replaces a save with an empty one only when the emulator holds nothing, and keeps it', async () => {
    setUp()
    await save(threeTasks)
    await expect(save(noTasks, counts(3))).rejects.toThrow(
      'the export holds 0 documents where the emulator holds 3',
    )
    expect(names()).toEqual(['firestore'])
    // Everything really deleted: saved, and the save before set aside for good.
    const saved = await save(noTasks, counts(0))
    expect(saved).toMatchObject({ changed: true, saved: { documents: 0 } })
    expect(names()).toEqual(['firestore', 'firestore.kept-2026-11-27T12-00-00'])
    expect(readSaved(store, join(root, 'firestore.kept-2026-11-27T12-00-00')).documents).toBe(3)
  })

  it('asks the emulator only when a save would lose half the documents', async () => {
    setUp()
    await save(threeTasks)
    const liveCounts = vi.fn(counts(2))
    const two = (dir: string) =>
      Promise.resolve(void writeFirestoreExport(dir, [Buffer.from('a'), Buffer.from('b')]))
    await save(two, liveCounts)
    expect(liveCounts).not.toHaveBeenCalled()
    expect(names()).toEqual(['firestore', 'firestore.previous'])
  })
})

describe('the start, on what was saved', () => {
  const damage = () => {
    copyFixture('firestore', store.dir)
    truncateSync(join(store.dir, OUTPUT), 0)
  }
  const aside = () => join(root, 'firestore.damaged-2026-11-27T12-00-00')

  it('moves damaged data aside untouched, and starts from the save before it', () => {
    setUp()
    damage()
    copyFixture('firestore', `${store.dir}.previous`)
    const start = prepareStore(store, { now })
    expect(names()).toEqual([
      'firestore',
      'firestore.damaged-2026-11-27T12-00-00',
      'firestore.previous',
    ])
    expect(bytesOf(aside())).toHaveLength(0)
    expect(
      readFileSync(join(aside(), 'firestore_export/firestore_export.overall_export_metadata')),
    ).toEqual(
      readFileSync(
        join(FIXTURES, 'firestore/firestore_export/firestore_export.overall_export_metadata'),
      ),
    )
    expect(start).toMatchObject({ from: store.dir, saved: { documents: 3 } })
    expect(readSaved(store, store.dir).digest).toBe(start.saved.digest)
    expect(start.warnings).toEqual([
      `The Firestore data saved in ${store.dir} cannot be read: firestore_export/all_namespaces/all_kinds holds 0 documents in 0 bytes, where its metadata says 3 in 465.`,
      `It is kept as it was, moved to ${aside()}; nothing of it was deleted.`,
      `Starting from the save before it, ${store.dir}.previous (copied to ${store.dir}): 3 documents.`,
      `To go back to the damaged copy once repaired: stop, then mv ${aside()} ${store.dir}`,
    ])
  })

  it('starts empty, saying so, when no save can be read', () => {
    setUp()
    damage()
    const start = prepareStore(store, { now })
    expect(names()).toEqual(['firestore.damaged-2026-11-27T12-00-00'])
    expect(start).toMatchObject({ from: undefined, saved: NOTHING })
    expect(start.warnings[2]).toBe('There is no earlier save: starting with no Firestore data.')
  })

  // `.next`: where npm start saved before, deleting the folder and then renaming `.next`.
  it.each(['.saving', '.next'])('finishes a save cut between its renames (%s)', (leftover) => {
    setUp()
    copyFixture('firestore', `${store.dir}${leftover}`)
    copyFixture('firestore', `${store.dir}.previous`)
    const start = prepareStore(store, { now })
    expect(names()).toEqual(['firestore', 'firestore.previous'])
    expect(start.from).toBe(store.dir)
    expect(start.lines[0]).toMatch(/^finished a save that a crash had interrupted/)
  })

  it('drops an export that was never accepted', () => {
    setUp()
    copyFixture('firestore', store.dir)
    writeFirestoreExport(`${store.dir}.saving`, [])
    truncateSync(join(`${store.dir}.saving`, OUTPUT), 0)
    expect(prepareStore(store, { now })).toMatchObject({ from: store.dir, warnings: [] })
    expect(names()).toEqual(['firestore'])
  })

  it('with --fresh, sets what was saved aside', () => {
    setUp()
    copyFixture('firestore', store.dir)
    const start = prepareStore(store, { fresh: true, now })
    expect(names()).toEqual(['firestore.kept-2026-11-27T12-00-00'])
    expect(start).toMatchObject({ from: undefined, saved: NOTHING })
  })
})
