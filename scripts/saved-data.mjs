// Reads what `npm start` saved (scripts/saving.mjs) and checks every byte of it: Google's
// Firestore export (the format of its REST export and of --seed_from_export) and firebase-tools'
// export folder (firebase-export-metadata.json, auth_export/). Anything it cannot account for
// is reported as damaged, naming the file, rather than left to the emulators, which start
// empty on an empty file or a missing accounts.json.
import { createHash } from 'node:crypto'
import { existsSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative } from 'node:path'
import { Damaged, logRecords, protoFields } from './leveldb-log.mjs'

export { Damaged }
export const FIRESTORE_EXPORT = 'firestore_export'
export const AUTH_EXPORT = 'auth_export'
export const FIREBASE_METADATA = 'firebase-export-metadata.json'
export const firestoreMetadataFile = (exportDir) =>
  join(exportDir, `${FIRESTORE_EXPORT}.overall_export_metadata`)

const field = (fields, number) => fields.filter(([n]) => n === number).map(([, value]) => value)

function readBytes(file, root) {
  const name = relative(root, file)
  if (!existsSync(file)) throw new Damaged(`${name} is missing`)
  return readFileSync(file)
}

/**
 * A Firestore export folder (the one holding `<name>.overall_export_metadata`): its documents
 * and a digest of their contents that ignores their order (two exports of the same data are
 * written in different orders). The overall metadata says how many documents and bytes each
 * part holds; the files must hold exactly that.
 */
export function readFirestoreExport(exportDir, root = exportDir) {
  const metadataFile = firestoreMetadataFile(exportDir)
  const records = logRecords(readBytes(metadataFile, root), relative(root, metadataFile))
  // A version record, then the list of parts (empty when the database was).
  if (records.length !== 2) throw new Damaged(`${relative(root, metadataFile)} is incomplete`)
  const hashes = []
  for (const part of field(protoFields(records[1], 'the overall metadata'), 1)) {
    const entry = protoFields(part, 'the overall metadata')
    const partFile = join(exportDir, field(entry, 2)[0]?.toString() ?? '')
    const [documents = 0] = field(entry, 3)
    const [bytes = 0] = field(entry, 4)
    const outputs = field(protoFields(readBytes(partFile, root), relative(root, partFile)), 2)
      .flatMap((files) => field(protoFields(files, relative(root, partFile)), 2))
      .map((name) => join(dirname(partFile), name.toString()))
    let found = 0
    let size = 0
    for (const output of outputs) {
      const buffer = readBytes(output, root)
      size += buffer.length
      for (const record of logRecords(buffer, relative(root, output))) {
        found++
        hashes.push(createHash('sha256').update(record).digest('hex'))
      }
    }
    if (found !== documents || size !== bytes) {
      throw new Damaged(
        `${relative(root, dirname(partFile))} holds ${found} documents in ${size} bytes, where its metadata says ${documents} in ${bytes}`,
      )
    }
  }
  return { documents: hashes.length, digest: hashes.sort().join() }
}

function readJson(file, root) {
  const text = readBytes(file, root).toString('utf8')
  try {
    return JSON.parse(text)
  } catch {
    throw new Damaged(`${relative(root, file)} is not whole (${text.length} bytes of bad JSON)`)
  }
}

/** An Auth emulator export (auth_export/): its accounts, and a digest of them and the config. */
export function readAuthExport(authDir, root = authDir) {
  const { users = [] } = readJson(join(authDir, 'accounts.json'), root)
  const configFile = join(authDir, 'config.json')
  const config = existsSync(configFile) ? readJson(configFile, root) : null
  if (!Array.isArray(users))
    throw new Damaged(`${relative(root, authDir)}/accounts.json is not a list of accounts`)
  const sorted = users.toSorted((a, b) => String(a.localId).localeCompare(String(b.localId)))
  return { accounts: users.length, digest: JSON.stringify([sorted, config]) }
}

/**
 * What a store's folder holds: `{documents?, accounts?, digest}`, with a digest equal for equal
 * data. `store.parts` names what it keeps (firestore, auth); `store.firebaseMetadata` says the
 * folder is firebase-tools' (--import's) format. Throws {@link Damaged} saying what is wrong.
 */
export function readSaved(store, dir) {
  if (!statSync(dir).isDirectory()) throw new Damaged(`${dir} is not a folder`)
  const paths = { firestore: FIRESTORE_EXPORT, auth: AUTH_EXPORT }
  if (store.firebaseMetadata) {
    const metadata = readJson(join(dir, FIREBASE_METADATA), dir)
    for (const part of store.parts) {
      if (typeof metadata[part]?.path !== 'string') {
        throw new Damaged(`${FIREBASE_METADATA} lists no ${part} data`)
      }
      paths[part] = metadata[part].path
    }
  }
  const found = { digest: '' }
  if (store.parts.includes('firestore')) {
    const { documents, digest } = readFirestoreExport(join(dir, paths.firestore), dir)
    Object.assign(found, { documents, digest: digest })
  }
  if (store.parts.includes('auth')) {
    const { accounts, digest } = readAuthExport(join(dir, paths.auth), dir)
    Object.assign(found, { accounts, digest: `${found.digest}|${digest}` })
  }
  return found
}
