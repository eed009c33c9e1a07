// What `npm start` asks the running emulators for, to save their data (scripts/saving.mjs):
// Google's Firestore emulator exports over REST into a folder of our choosing; the Auth
// emulator's accounts and config are read with the admin token (`Bearer owner`) and written as
// firebase-tools' own export does (hubExport.js), so that `firebase emulators:start --import`
// reads them back.
import { mkdirSync, readFileSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
import { HOST, PROJECT } from './engine.mjs'
import { AUTH_EXPORT, FIREBASE_METADATA, FIRESTORE_EXPORT } from './saved-data.mjs'

const DATABASE = `projects/${PROJECT}/databases/(default)`
const OWNER = { authorization: 'Bearer owner', 'content-type': 'application/json' }
const origin = (port) => `http://${HOST}:${String(port)}`
// An export of 10,000 tasks takes about a second; a busy machine can take much longer.
const TIMEOUT_MS = 120_000

async function ask(url, init = {}) {
  const response = await fetch(url, {
    ...init,
    headers: OWNER,
    signal: AbortSignal.timeout(TIMEOUT_MS),
  })
  if (!response.ok) {
    throw new Error(`${new URL(url).pathname}: ${String(response.status)} ${await response.text()}`)
  }
  return response
}

/** Has the Firestore emulator write its whole database into `dir`/firestore_export. */
export async function exportFirestore(port, dir) {
  await ask(`${origin(port)}/emulator/v1/projects/${PROJECT}:export`, {
    method: 'POST',
    body: JSON.stringify({
      database: DATABASE,
      export_directory: dir,
      export_name: FIRESTORE_EXPORT,
    }),
  })
}

/** Writes the Auth emulator's accounts and config into `dir`/auth_export. */
export async function exportAuth(port, dir) {
  const base = `${origin(port)}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}`
  const accounts = await (await ask(`${base}/accounts:batchGet?maxResults=-1`)).text()
  const config = await (await ask(`${origin(port)}/emulator/v1/projects/${PROJECT}/config`)).text()
  mkdirSync(join(dir, AUTH_EXPORT), { recursive: true })
  writeFileSync(join(dir, AUTH_EXPORT, 'accounts.json'), accounts)
  writeFileSync(join(dir, AUTH_EXPORT, 'config.json'), config)
}

const firebaseToolsVersion = () =>
  JSON.parse(
    readFileSync(new URL('../node_modules/firebase-tools/package.json', import.meta.url), 'utf8'),
  ).version

/** firebase-tools' list of what a folder holds, which its --import reads first. */
export function writeFirebaseMetadata(dir, parts) {
  const version = firebaseToolsVersion()
  const metadata = { version }
  if (parts.includes('firestore')) {
    metadata.firestore = {
      version,
      path: FIRESTORE_EXPORT,
      metadata_file: `${FIRESTORE_EXPORT}/${FIRESTORE_EXPORT}.overall_export_metadata`,
    }
  }
  if (parts.includes('auth')) metadata.auth = { version, path: AUTH_EXPORT }
  writeFileSync(join(dir, FIREBASE_METADATA), JSON.stringify(metadata, undefined, 2))
}

/** How many documents the Firestore emulator holds, in every collection at any depth. */
export async function countDocuments(port) {
  const response = await ask(`${origin(port)}/v1/${DATABASE}/documents:runAggregationQuery`, {
    method: 'POST',
    body: JSON.stringify({
      structuredAggregationQuery: {
        structuredQuery: { from: [{ allDescendants: true }] },
        aggregations: [{ alias: 'all', count: {} }],
      },
    }),
  })
  const [first] = await response.json()
  return Number(first?.result?.aggregateFields?.all?.integerValue ?? 0)
}

/** How many accounts the Auth emulator holds. */
export async function countAccounts(port) {
  const url = `${origin(port)}/identitytoolkit.googleapis.com/v1/projects/${PROJECT}/accounts:batchGet?maxResults=-1`
  const { users = [] } = await (await ask(url)).json()
  return users.length
}
