/**
 * Keeps a store in a JSON file (Node only): loaded at start, and written before a change is
 * acknowledged (`saved()`), so a write the client was told about survives the process being
 * killed. The file is replaced atomically (a temporary file, synced, then renamed); changes
 * that arrive while a write is under way share the next one.
 */
import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { open, rename } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'

import type { FirestoreStore } from './store'

export interface FilePersistenceOptions {
  /** The JSON file, e.g. `.data/firestore.json`. */
  file: string
  /** Start empty instead of loading the file (the file is overwritten). */
  fresh?: boolean
}

export interface FilePersistence {
  /** The absolute path of the file. */
  readonly file: string
  /** Resolves once every change made so far is in the file. */
  saved(): Promise<void>
  /** Stops following the store, writing what is not yet saved. */
  close(): Promise<void>
}

async function writeAtomic(file: string, text: string): Promise<void> {
  const temporary = `${file}.${String(process.pid)}.tmp`
  const handle = await open(temporary, 'w')
  try {
    await handle.writeFile(text)
    await handle.sync()
  } finally {
    await handle.close()
  }
  await rename(temporary, file)
}

function load(store: FirestoreStore, file: string): void {
  let state: unknown
  try {
    state = JSON.parse(readFileSync(file, 'utf8'))
  } catch (error) {
    throw new Error(`Cannot read ${file} (start with --fresh to discard it)`, { cause: error })
  }
  try {
    store.load(state)
  } catch (error) {
    throw new Error(`Invalid data in ${file} (start with --fresh to discard it)`, { cause: error })
  }
}

/** Loads `store` from the file (unless `fresh`) and saves it there whenever asked. */
export function persistStore(
  store: FirestoreStore,
  options: FilePersistenceOptions,
): FilePersistence {
  const file = resolve(options.file)
  mkdirSync(dirname(file), { recursive: true })
  const text = () => `${JSON.stringify(store.toJSON(), null, 2)}\n`
  if (options.fresh === true) {
    store.reset()
    writeFileSync(file, text())
  } else if (existsSync(file)) {
    load(store, file)
  }

  let changed = false
  let writing: Promise<void> | undefined
  const unsubscribe = store.subscribe(() => {
    changed = true
  })

  const saved = async (): Promise<void> => {
    // A write under way may have started before the latest change: wait, then write again.
    while (writing) await writing.catch(() => undefined)
    if (!changed) return
    changed = false
    writing = writeAtomic(file, text()).catch((error: unknown) => {
      changed = true
      throw error
    })
    try {
      await writing
    } finally {
      writing = undefined
    }
  }

  return {
    file,
    saved,
    async close() {
      unsubscribe()
      await saved()
    },
  }
}
