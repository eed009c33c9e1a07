// How `npm start` keeps the emulators' data across restarts, safe from crashes and damage. The
// data is one folder, `<data>/emulators`, in firebase-tools' export format (the Firestore
// emulator's own export, and the Auth emulator's accounts), which the emulators read back at
// start. A save exports into `emulators.saving`, adds `saved.json` (each file's SHA-256, and
// how many documents and accounts the emulators held), flushes it all to the disk, and only then
// swaps it in with two renames: the save before becomes `emulators.previous`. A crash at any
// moment leaves a whole save in place (between the two renames, in `.saving`, which the next
// start finishes). Data that cannot be checked is moved aside, never deleted nor written over.
import { createHash } from 'node:crypto'
import { closeSync, type Dirent, existsSync, fsyncSync, mkdirSync, openSync } from 'node:fs'
import { readdirSync, readFileSync, renameSync, rmSync, writeFileSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { HOST, PORTS, PROJECT, type Seed } from './emulators.ts'

const MANIFEST = 'saved.json'
const FIREBASE_METADATA = 'firebase-export-metadata.json'
const FIRESTORE_METADATA = 'firestore_export/firestore_export.overall_export_metadata'

export interface Counts {
  documents: number
  accounts: number
}
export interface Start {
  dir: string
  /** What the emulators start from. */
  seed: Seed
  /** What they must hold once started; unknown for data an older `npm start` saved. */
  expected?: Counts
  /** The next save sets the folder aside rather than making it `.previous`. */
  keep: boolean
  lines: string[]
  warnings: string[]
}

/** A path as the developer would type it. */
export const show = (path: string) =>
  relative(process.cwd(), path).startsWith('..') ? path : relative(process.cwd(), path)
const plural = (n: number, noun: string) => `${n.toLocaleString('en')} ${noun}${n === 1 ? '' : 's'}`
export const describe = ({ documents, accounts }: Counts) =>
  `${plural(documents, 'document')}, ${plural(accounts, 'account')}`
/** A new name beside `dir` for data set aside: `emulators.damaged-2026-11-27T12-00-00`. */
function aside(dir: string, why: string, now: Date) {
  const base = `${dir}.${why}-${now.toISOString().slice(0, 19).replace(/:/g, '-')}`
  let name = base
  for (let n = 2; existsSync(name); n++) name = `${base}-${String(n)}`
  return name
}

const entriesUnder = (dir: string, keep = (entry: Dirent) => entry.isFile()): string[] =>
  readdirSync(dir, { recursive: true, withFileTypes: true })
    .filter(keep)
    .map((entry) => relative(dir, join(entry.parentPath, entry.name)))
const sha256 = (file: string) => createHash('sha256').update(readFileSync(file)).digest('hex')

/** What a save holds, each file checked against `saved.json`; or, as a string, what is wrong. */
export function check(dir: string): Counts | string {
  let manifest: Counts & { files: Record<string, string> }
  try {
    manifest = JSON.parse(readFileSync(join(dir, MANIFEST), 'utf8')) as typeof manifest
  } catch (error) {
    return `${MANIFEST} ${existsSync(join(dir, MANIFEST)) ? 'is not whole' : 'is missing'} (${String(error)})`
  }
  for (const [file, hash] of Object.entries(manifest.files)) {
    if (!existsSync(join(dir, file))) return `${file} is missing`
    if (sha256(join(dir, file)) !== hash) return `${file} is not as it was saved`
  }
  return { documents: manifest.documents, accounts: manifest.accounts }
}

/** Flushes `paths` to the disk: a rename after it cannot leave a file empty or a folder short. */
function sync(...paths: string[]) {
  for (const path of paths) {
    const fd = openSync(path, 'r')
    try {
      fsyncSync(fd)
    } finally {
      closeSync(fd)
    }
  }
}

/**
 * Before the emulators start: where they start from. Finishes a save a crash cut between its
 * renames; with `fresh`, sets the data aside; data that fails its check is moved aside, and the
 * start goes on from the save before it, saying so.
 */
export function prepare(dataDir: string, { fresh = false, now = new Date() } = {}): Start {
  const dir = join(dataDir, 'emulators')
  const [saving, previous] = [`${dir}.saving`, `${dir}.previous`]
  const start: Start = { dir, seed: {}, keep: false, lines: [], warnings: [] }
  const from = (expected: Counts) => {
    start.expected = expected
    start.seed = { firestore: join(dir, FIRESTORE_METADATA), auth: dir }
    return start
  }
  if (!existsSync(dir) && existsSync(saving) && typeof check(saving) !== 'string') {
    renameSync(saving, dir)
    start.lines.push(`finished a save that a crash had interrupted: ${show(dir)}`)
  }
  rmSync(saving, { recursive: true, force: true })
  if (fresh) {
    const kept = aside(dir, 'kept', now)
    if (existsSync(dir)) renameSync(dir, kept)
    start.lines.push(
      `starting with no data (--fresh)${existsSync(kept) ? `; what was saved is kept in ${show(kept)}` : ''}`,
    )
    return start
  }
  if (existsSync(dir)) {
    const found = check(dir)
    if (typeof found !== 'string') {
      start.lines.push(`${describe(found)} from ${show(dir)}`)
      return from(found)
    }
    if (!existsSync(join(dir, MANIFEST)) && existsSync(join(dir, FIREBASE_METADATA))) {
      start.lines.push(
        `data an older npm start saved, from ${show(dir)}: at the first save it is set aside, not replaced`,
      )
      start.keep = true
      start.seed = { firestore: join(dir, FIRESTORE_METADATA), auth: dir }
      return start
    }
    const damaged = aside(dir, 'damaged', now)
    renameSync(dir, damaged)
    start.warnings.push(
      `The data saved in ${show(dir)} cannot be used: ${found}.`,
      `It is kept as it was, moved to ${show(damaged)}; nothing of it was deleted.`,
    )
  } else {
    // An older `npm start` kept the two emulators' data apart: read as it is, and left there.
    const [firestore, auth] = [join(dataDir, 'firestore'), join(dataDir, 'auth')]
    if (existsSync(firestore) || existsSync(auth)) {
      start.lines.push(
        `the data an older npm start saved in ${show(dataDir)}/firestore and auth (they stay as they are)`,
      )
      if (existsSync(firestore)) start.seed.firestore = join(firestore, FIRESTORE_METADATA)
      if (existsSync(auth)) start.seed.auth = auth
      return start
    }
  }
  if (!existsSync(previous)) {
    if (start.warnings.length > 0)
      start.warnings.push('There is no earlier save: starting with no data.')
    else start.lines.push(`no data saved yet (it will be in ${show(dir)})`)
    return start
  }
  const before = check(previous)
  if (typeof before === 'string') {
    start.warnings.push(
      `The save before it, ${show(previous)}, cannot be used either (${before}): starting with no data.`,
    )
    return start
  }
  renameSync(previous, dir)
  start.warnings.push(
    `Starting from the save before it (${describe(before)}), moved from ${show(previous)} to ${show(dir)}.`,
  )
  return from(before)
}

const OWNER = { authorization: 'Bearer owner', 'content-type': 'application/json' }
const DATABASE = `projects/${PROJECT}/databases/(default)`
async function ask(port: number, path: string, body?: object): Promise<Response> {
  const response = await fetch(`http://${HOST}:${String(port)}${path}`, {
    method: body ? 'POST' : 'GET',
    headers: OWNER,
    ...(body && { body: JSON.stringify(body) }),
    // An export of 10,000 tasks takes about a second; a busy machine can take much longer.
    signal: AbortSignal.timeout(120_000),
  })
  if (!response.ok) throw new Error(`${path}: ${String(response.status)} ${await response.text()}`)
  return response
}
const accountsPath = `/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:batchGet?maxResults=-1`

/** How many documents and accounts the emulators hold. */
export async function liveCounts(ports = PORTS): Promise<Counts> {
  const count = await ask(ports.firestore, `/v1/${DATABASE}/documents:runAggregationQuery`, {
    structuredAggregationQuery: {
      structuredQuery: { from: [{ allDescendants: true }] },
      aggregations: [{ alias: 'all', count: {} }],
    },
  })
  const [first] = (await count.json()) as {
    result?: { aggregateFields?: { all?: { integerValue?: string } } }
  }[]
  const { users = [] } = (await (await ask(ports.auth, accountsPath)).json()) as {
    users?: unknown[]
  }
  return {
    documents: Number(first?.result?.aggregateFields?.all?.integerValue ?? 0),
    accounts: users.length,
  }
}

/**
 * Once the emulators are up: did they load all that was saved? If not, the save is set aside at
 * the next save rather than replaced. Returns the warnings.
 */
export async function checkLoaded(start: Start, ports = PORTS): Promise<string[]> {
  if (!start.expected) return []
  const live = await liveCounts(ports)
  if (live.documents >= start.expected.documents && live.accounts >= start.expected.accounts)
    return []
  start.keep = true
  return [
    `The emulators started with ${describe(live)}, but ${show(start.dir)} holds ${describe(start.expected)}.`,
    'It will be set aside (not replaced) when the next save is made.',
  ]
}

/** Adds `saved.json` to the export in `dir` and flushes it all to the disk. */
export function seal(dir: string, counts: Counts) {
  const files = Object.fromEntries(entriesUnder(dir).map((file) => [file, sha256(join(dir, file))]))
  writeFileSync(join(dir, MANIFEST), JSON.stringify({ ...counts, files }, undefined, 1))
  sync(...entriesUnder(dir, () => true).map((path) => join(dir, path)), dir)
}

/** Puts the sealed `.saving` in place of the save, which becomes `.previous` or is kept aside. */
export function swapIn(start: Start, counts: Counts, now = new Date()): string {
  const { dir } = start
  let kept = ''
  if (existsSync(dir)) {
    if (start.keep) {
      kept = aside(dir, 'kept', now)
      renameSync(dir, kept)
    } else {
      rmSync(`${dir}.previous`, { recursive: true, force: true })
      renameSync(dir, `${dir}.previous`)
    }
  }
  renameSync(`${dir}.saving`, dir)
  sync(dirname(dir))
  start.keep = false
  start.expected = counts
  return `saved ${describe(counts)} → ${show(dir)}${kept && `; the save it replaced is kept in ${show(kept)}`}`
}

/** One save of what the emulators hold (the file's header says how). Returns a line to say. */
export async function save(start: Start, ports = PORTS): Promise<string> {
  const saving = `${start.dir}.saving`
  rmSync(saving, { recursive: true, force: true })
  mkdirSync(join(saving, 'auth_export'), { recursive: true })
  // The documents counted before and after the export: it holds at least the fewer.
  const before = await liveCounts(ports)
  await ask(ports.firestore, `/emulator/v1/projects/${PROJECT}:export`, {
    database: DATABASE,
    export_directory: saving,
    export_name: 'firestore_export',
  })
  const accounts = await (await ask(ports.auth, accountsPath)).text()
  const config = await (await ask(ports.auth, `/emulator/v1/projects/${PROJECT}/config`)).text()
  const after = await liveCounts(ports)
  writeFileSync(join(saving, 'auth_export/accounts.json'), accounts)
  writeFileSync(join(saving, 'auth_export/config.json'), config)
  // What firebase-tools' own export writes, and its --import reads first.
  const tools = join(import.meta.dirname, '../node_modules/firebase-tools/package.json')
  const { version } = JSON.parse(readFileSync(tools, 'utf8')) as { version: string }
  const metadata = {
    version,
    firestore: { version, path: 'firestore_export', metadata_file: FIRESTORE_METADATA },
    auth: { version, path: 'auth_export' },
  }
  writeFileSync(join(saving, FIREBASE_METADATA), JSON.stringify(metadata, undefined, 2))
  const counts = {
    documents: Math.min(before.documents, after.documents),
    accounts: (JSON.parse(accounts) as { users?: unknown[] }).users?.length ?? 0,
  }
  seal(saving, counts)
  return swapIn(start, counts)
}
