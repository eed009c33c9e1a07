// How `npm start` keeps the emulators' data in .data/ safe from crashes and damage. A store is
// one folder the emulators read back at start (see dataStores). Every save exports into
// `<folder>.saving`, reads the export back whole (scripts/saved-data.mjs), and only then swaps
// it in: the folder becomes `<folder>.previous` and the new export the folder, both renames on
// the same disk, after the files are flushed. So a crash at any moment leaves the last whole
// save in place (or, between the two renames, in `.saving`, which the next start finishes).
// Nothing here deletes data that was ever saved, except a `.previous` replaced by a newer one.
import {
  closeSync,
  cpSync,
  existsSync,
  fsyncSync,
  mkdirSync,
  openSync,
  readdirSync,
  renameSync,
  rmSync,
} from 'node:fs'
import { dirname, isAbsolute, join, relative, resolve } from 'node:path'
import { Damaged, readSaved } from './saved-data.mjs'

export const SAVING = '.saving'
export const PREVIOUS = '.previous'
/** What was saved when nothing was: any export differs from it. */
export const NOTHING = { documents: 0, accounts: 0, digest: null }

/**
 * The folders `npm start` keeps in `dataDir`, one per export an emulator reads back; `key`
 * names it in engineServices' `importFrom`, `parts` what it holds.
 */
export function dataStores(engine, dataDir) {
  const store = (key, name, parts, firebaseMetadata) => ({
    key,
    name,
    dir: resolve(dataDir, key),
    parts,
    firebaseMetadata,
  })
  return engine.kind === 'firebase-tools'
    ? [store('emulators', 'Auth and Firestore', ['firestore', 'auth'], true)]
    : [store('firestore', 'Firestore', ['firestore'], false), store('auth', 'Auth', ['auth'], true)]
}

/** A path as the developer would type it: relative inside the project, else absolute. */
export function show(path) {
  const inside = relative(process.cwd(), path)
  return inside === '' || inside.startsWith('..') || isAbsolute(inside) ? path : inside
}

const count = (n, noun) => `${n.toLocaleString('en')} ${noun}${n === 1 ? '' : 's'}`
/** "12 documents, 2 accounts": what a save holds. */
export function describe(saved, store) {
  const words = []
  if (store.parts.includes('firestore')) words.push(count(saved.documents ?? 0, 'document'))
  if (store.parts.includes('auth')) words.push(count(saved.accounts ?? 0, 'account'))
  return words.join(', ')
}

/** A new name beside `dir` for data set aside, e.g. `firestore.damaged-2026-11-27T12-00-00`. */
export function asideName(dir, why, now = new Date()) {
  const base = `${dir}.${why}-${now.toISOString().slice(0, 19).replace(/:/g, '-')}`
  let name = base
  for (let n = 2; existsSync(name); n++) name = `${base}-${String(n)}`
  return name
}

/** Flushes a file or folder to the disk: a rename after it cannot leave it empty. */
function syncPath(path, isFolder) {
  let fd
  try {
    fd = openSync(path, 'r')
    fsyncSync(fd)
  } catch (error) {
    // Windows cannot flush a folder; a file that cannot be flushed must stop the swap.
    if (!isFolder) throw error
  } finally {
    if (fd !== undefined) closeSync(fd)
  }
}

function syncTree(dir) {
  for (const entry of readdirSync(dir, { withFileTypes: true })) {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) syncTree(path)
    else syncPath(path, false)
  }
  syncPath(dir, true)
}

/** The counts that a save from `before` to `after` would cut to less than half. */
const halved = (before, after) =>
  ['documents', 'accounts'].filter((key) => (after[key] ?? 0) < (before[key] ?? 0) / 2)

/**
 * Saves one store: `exportInto(folder)` writes the export, read back whole before it replaces
 * anything. An export equal to `saved` changes nothing on disk. One with less than half the
 * documents or accounts of `saved` (everything deleted?) must match the emulator's own counts
 * (`liveCounts()`), and the save it replaces is then set aside for good rather than kept as
 * `.previous`; so is it when `keep` is set. Returns `{changed, saved, kept?}`; throws, leaving
 * the last save in place, when the export is not whole or does not match.
 */
export async function saveStore(store, saved, { exportInto, liveCounts, keep = false, now }) {
  const { dir } = store
  const next = `${dir}${SAVING}`
  rmSync(next, { recursive: true, force: true })
  mkdirSync(next, { recursive: true })
  try {
    await exportInto(next)
    let found
    try {
      found = readSaved(store, next)
    } catch (error) {
      if (error instanceof Damaged) {
        throw new Error(`the export is not whole: ${error.message}`, { cause: error })
      }
      throw error
    }
    if (found.digest === saved.digest) return { changed: false, saved }
    const cut = halved(saved, found)
    if (cut.length > 0) {
      const live = await liveCounts()
      for (const key of cut) {
        if (live[key] !== found[key]) {
          throw new Error(
            `the export holds ${count(found[key], key.slice(0, -1))} where the emulator holds ${String(live[key])}`,
          )
        }
      }
    }
    syncTree(next)
    let kept
    if (existsSync(dir)) {
      if (keep || cut.length > 0) {
        kept = asideName(dir, 'kept', now)
        renameSync(dir, kept)
      } else {
        rmSync(`${dir}${PREVIOUS}`, { recursive: true, force: true })
        renameSync(dir, `${dir}${PREVIOUS}`)
      }
    }
    renameSync(next, dir)
    syncPath(dirname(dir), true)
    return { changed: true, saved: found, ...(kept && { kept }) }
  } finally {
    // Gone after the swap; otherwise an export that was never accepted.
    rmSync(next, { recursive: true, force: true })
  }
}

const readable = (store, dir) => {
  try {
    return readSaved(store, dir)
  } catch (error) {
    if (error instanceof Damaged) return { problem: error.message }
    throw error
  }
}

/**
 * Before the emulators start: what a store's folder holds and where to import it from
 * (`{from, saved, lines, warnings}`). Finishes a save cut between its renames; with `fresh`,
 * sets the saved data aside; data that cannot be read is moved aside, never deleted nor
 * written over, and the start goes on from the save before it, saying so.
 */
export function prepareStore(store, { fresh = false, now = new Date() } = {}) {
  const { dir, name } = store
  const [next, previous] = [`${dir}${SAVING}`, `${dir}${PREVIOUS}`]
  const lines = []
  const warnings = []
  // `.next` is where npm start saved before (it deleted the folder, then renamed `.next`).
  for (const leftover of [next, `${dir}.next`].filter((path) => existsSync(path))) {
    if (!existsSync(dir) && !('problem' in readable(store, leftover))) {
      renameSync(leftover, dir)
      lines.push(`finished a save that a crash had interrupted: ${show(dir)}`)
    } else {
      rmSync(leftover, { recursive: true, force: true })
    }
  }
  if (fresh && existsSync(dir)) {
    const kept = asideName(dir, 'kept', now)
    renameSync(dir, kept)
    lines.push(`starting with no ${name} data (--fresh); what was saved is kept in ${show(kept)}`)
  }
  const startFrom = (from, saved) => ({ from, saved, lines, warnings })
  if (!existsSync(dir)) {
    lines.push(
      !fresh && existsSync(previous)
        ? `no ${name} data in ${show(dir)}; an earlier save is in ${show(previous)} (to start from it: stop, then mv ${show(previous)} ${show(dir)})`
        : `no ${name} data saved yet (it will be in ${show(dir)})`,
    )
    return startFrom(undefined, NOTHING)
  }
  const saved = readable(store, dir)
  if (!('problem' in saved)) {
    lines.push(`${describe(saved, store)} from ${show(dir)}`)
    return startFrom(dir, saved)
  }
  const damaged = asideName(dir, 'damaged', now)
  renameSync(dir, damaged)
  warnings.push(
    `The ${name} data saved in ${show(dir)} cannot be read: ${saved.problem}.`,
    `It is kept as it was, moved to ${show(damaged)}; nothing of it was deleted.`,
  )
  const before = existsSync(previous) ? readable(store, previous) : undefined
  if (before && !('problem' in before)) {
    // A copy, put in place as a save is, so that a crash from here on starts from it too.
    cpSync(previous, next, { recursive: true })
    syncTree(next)
    renameSync(next, dir)
    warnings.push(
      `Starting from the save before it, ${show(previous)} (copied to ${show(dir)}): ${describe(before, store)}.`,
      `To go back to the damaged copy once repaired: stop, then mv ${show(damaged)} ${show(dir)}`,
    )
    return startFrom(dir, before)
  }
  warnings.push(
    before
      ? `The save before it, ${show(previous)}, cannot be read either (${before.problem}); it stays where it is. Starting with no ${name} data.`
      : `There is no earlier save: starting with no ${name} data.`,
    `To go back to the damaged copy once repaired: stop, then mv ${show(damaged)} ${show(dir)}`,
  )
  return startFrom(undefined, NOTHING)
}
