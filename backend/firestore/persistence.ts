/**
 * Keeps a store in a JSON file (Node only): loaded at start, rewritten atomically
 * (temporary file + rename) shortly after every change and on close.
 */
import { existsSync, mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs'
import { dirname, resolve } from 'node:path'

import type { FirestoreStore } from './store'

export interface FilePersistenceOptions {
  /** The JSON file, e.g. `.data/firestore.json`. */
  file: string
  /** Start empty instead of loading the file (the file is overwritten). */
  fresh?: boolean
  /** Wait this long after a change before writing, to batch bursts (default 50 ms). */
  debounceMs?: number
}

export interface FilePersistence {
  /** The absolute path of the file. */
  readonly file: string
  /** Writes now if a write is pending. */
  flush(): void
  /** Flushes and stops following the store. */
  close(): void
}

/** Writes `text` to `file` atomically: readers see the old or the new file, never half of one. */
export function writeFileAtomic(file: string, text: string): void {
  mkdirSync(dirname(file), { recursive: true })
  const temporary = `${file}.${process.pid}.tmp`
  writeFileSync(temporary, text)
  renameSync(temporary, file)
}

/** Loads `store` from the file (unless `fresh`) and saves it there after every change. */
export function persistStore(
  store: FirestoreStore,
  options: FilePersistenceOptions,
): FilePersistence {
  const file = resolve(options.file)
  const debounceMs = options.debounceMs ?? 50
  let timer: ReturnType<typeof setTimeout> | undefined
  let pending = false

  const write = (): void => {
    if (timer !== undefined) clearTimeout(timer)
    timer = undefined
    pending = false
    writeFileAtomic(file, `${JSON.stringify(store.toJSON(), null, 2)}\n`)
  }

  if (options.fresh === true) {
    store.reset()
    write()
  } else if (existsSync(file)) {
    let state: unknown
    try {
      state = JSON.parse(readFileSync(file, 'utf8'))
    } catch (error) {
      throw new Error(`Cannot read ${file} (start with --fresh to discard it)`, { cause: error })
    }
    try {
      store.load(state)
    } catch (error) {
      throw new Error(`Invalid data in ${file} (start with --fresh to discard it)`, {
        cause: error,
      })
    }
  }

  const unsubscribe = store.subscribe(() => {
    pending = true
    timer ??= setTimeout(write, debounceMs)
  })

  return {
    file,
    flush() {
      if (pending) write()
    },
    close() {
      unsubscribe()
      if (pending) write()
    },
  }
}
