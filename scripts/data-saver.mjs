// `npm start`'s saves while it runs: every TODO_SAVE_INTERVAL seconds (30 by default) and on
// Ctrl-C, each store of scripts/saving.mjs is exported and swapped in if it changed.
//
// Google's Firestore emulator offers no cheap way to learn that nothing changed: counting its
// documents costs as much as exporting them, a listener on every task makes each write take
// ~250 ms instead of ~20, and it ignores resume tokens (measured 2026-11-27, docs/setup.md). So
// each round exports, and an unchanged export is dropped without touching .data/; rounds are
// spaced so that saving takes at most 1/20 of the emulator's time, however large the data.
import {
  countAccounts,
  countDocuments,
  exportAuth,
  exportFirestore,
  writeFirebaseMetadata,
} from './emulator-export.mjs'
import { describe, saveStore, show } from './saving.mjs'

export const DEFAULT_INTERVAL_S = 30
const SPACING = 20

/** How often to save: TODO_SAVE_INTERVAL (seconds), else every 30 s. */
export function saveIntervalMs(env = process.env) {
  const value = env.TODO_SAVE_INTERVAL
  if (value === undefined || value === '') return DEFAULT_INTERVAL_S * 1000
  const seconds = Number(value)
  if (!(seconds > 0)) {
    throw new Error(`TODO_SAVE_INTERVAL must be a number of seconds, not "${value}".`)
  }
  return seconds * 1000
}

async function exportStore(store, ports, dir) {
  if (store.parts.includes('firestore')) await exportFirestore(ports.firestore, dir)
  if (store.parts.includes('auth')) await exportAuth(ports.auth, dir)
  if (store.firebaseMetadata) writeFirebaseMetadata(dir, store.parts)
}

async function liveCounts(store, ports) {
  return {
    ...(store.parts.includes('firestore') && { documents: await countDocuments(ports.firestore) }),
    ...(store.parts.includes('auth') && { accounts: await countAccounts(ports.auth) }),
  }
}

const message = (error) => (error instanceof Error ? error.message : String(error))

/**
 * Once the emulators are up: did they load all that was saved? One that holds fewer has its
 * save set aside at the next save rather than kept as `.previous`. Returns the warnings.
 */
export async function checkLoaded(prepared, ports) {
  const warnings = []
  for (const entry of prepared) {
    const live = await liveCounts(entry.store, ports)
    const short = Object.keys(live).filter((key) => live[key] < (entry.saved[key] ?? 0))
    if (short.length === 0) continue
    entry.keep = true
    warnings.push(
      `The ${entry.store.name} emulator started with ${describe(live, entry.store)}, but ${show(entry.from)} holds ${describe(entry.saved, entry.store)}.`,
      `That save will be kept aside (not replaced) when the next save is made.`,
    )
  }
  return warnings
}

/**
 * Saves `prepared` (from prepareStore, with its store) while the emulators run: `start()`
 * begins the rounds, `finish()` waits for one under way and makes the last save.
 */
export function createSaver(prepared, { ports, intervalMs, say }) {
  const states = prepared.map(({ store, saved, keep = false }) => ({
    store,
    saved,
    keep,
    problem: '',
  }))
  let timer
  let stopped = false
  let round = Promise.resolve(0)

  const saveOne = async (state, last) => {
    const { store } = state
    const begun = Date.now()
    try {
      const result = await saveStore(store, state.saved, {
        exportInto: (dir) => exportStore(store, ports, dir),
        liveCounts: () => liveCounts(store, ports),
        keep: state.keep,
        now: new Date(),
      })
      state.problem = ''
      const took = `${((Date.now() - begun) / 1000).toFixed(1)} s`
      if (result.changed) {
        state.saved = result.saved
        state.keep = false
        const kept = result.kept ? `; the save it replaced is kept in ${show(result.kept)}` : ''
        say(`  saved ${describe(result.saved, store)} → ${show(store.dir)} (${took})${kept}`)
      } else if (last) {
        say(`  ${store.name}: unchanged since the last save in ${show(store.dir)}`)
      }
    } catch (error) {
      // Said once, not every round, while the same problem lasts.
      if (last || message(error) !== state.problem) {
        say(`  could not save ${store.name} (the last save stays as it was): ${message(error)}`)
      }
      state.problem = message(error)
    }
    return Date.now() - begun
  }

  const saveAll = async (last) => {
    let took = 0
    for (const state of states) took += await saveOne(state, last)
    return took
  }

  const tick = async () => {
    round = saveAll(false)
    const took = await round
    if (!stopped) timer = setTimeout(tick, Math.max(intervalMs, took * SPACING))
  }

  return {
    start() {
      timer = setTimeout(tick, intervalMs)
    },
    async finish() {
      stopped = true
      clearTimeout(timer)
      await round
      await saveAll(true)
    },
  }
}
