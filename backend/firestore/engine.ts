/**
 * The three RPCs Firestore Lite sends for the app, over a parsed request body: validation
 * (400), the security rules (403), preconditions (404/409/400) and the store. Pure of HTTP:
 * `handlers.ts` does the transport.
 *
 * As in Firestore, a commit's writes are judged one by one, each by its rule first and then
 * by its precondition (so an update of a missing task is refused by the rules, and only the
 * admin is told it is missing); only when every write passes are they applied, together.
 */
import { FirestoreError, invalidArgument, permissionDenied } from './errors'
import { type DatabaseId, type DocumentName, parseDocumentName } from './names'
import { parseStructuredQuery, runQuery } from './query'
import { type Principal, type WriteMethod, canQuery, canRead, canWrite } from './rules'
import { type DocumentChange, type FirestoreStore, type StoredDocument, microsOf } from './store'
import { type Fields, cloneFields, parseFieldPath, parseFields } from './values'

export interface RpcContext {
  store: FirestoreStore
  db: DatabaseId
  principal: Principal
}

interface DocumentJson {
  name: string
  fields: Fields
  createTime: string
  updateTime: string
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

/** Refuses keys other than `allowed`, with the API's words for an unknown field. */
function checkKeys(raw: Record<string, unknown>, allowed: readonly string[], where: string): void {
  for (const key of Object.keys(raw)) {
    if (!allowed.includes(key)) {
      throw invalidArgument(
        `${where}: "${key}" is not supported by backend/ (the official emulator supports it).`,
      )
    }
  }
}

const documentJson = ({ name, fields, createTime, updateTime }: StoredDocument): DocumentJson => ({
  name,
  fields,
  createTime,
  updateTime,
})

// commit

type Precondition = { exists: boolean } | { updateTime: number; text: string } | undefined

interface ParsedWrite {
  target: DocumentName
  /** The new fields and, for a partial update, the names it sets; undefined for a delete. */
  update?: { fields: Fields; mask: string[] | undefined }
  precondition: Precondition
}

function parsePrecondition(raw: unknown, where: string): Precondition {
  if (raw === undefined) return undefined
  if (!isRecord(raw)) throw invalidArgument(`${where} must be an object.`)
  checkKeys(raw, ['exists', 'updateTime'], where)
  if (typeof raw.exists === 'boolean') return { exists: raw.exists }
  const micros = typeof raw.updateTime === 'string' ? microsOf(raw.updateTime) : undefined
  if (micros !== undefined) return { updateTime: micros, text: String(raw.updateTime) }
  throw invalidArgument(`${where} is invalid.`)
}

function parseWrite(raw: unknown, db: DatabaseId, index: number): ParsedWrite {
  const where = `writes[${String(index)}]`
  if (!isRecord(raw)) throw invalidArgument(`${where} must be an object.`)
  checkKeys(raw, ['update', 'delete', 'updateMask', 'currentDocument'], where)
  const precondition = parsePrecondition(raw.currentDocument, `${where}.currentDocument`)
  if ('delete' in raw) {
    if ('update' in raw) throw invalidArgument(`${where}: update or delete, not both.`)
    return { target: parseDocumentName(raw.delete, db), precondition }
  }
  const { update, updateMask } = raw
  if (!isRecord(update)) throw invalidArgument(`${where} needs an update or a delete.`)
  checkKeys(update, ['name', 'fields'], `${where}.update`)
  let mask: string[] | undefined
  if (updateMask !== undefined) {
    const paths = isRecord(updateMask) ? (updateMask.fieldPaths ?? []) : undefined
    if (!Array.isArray(paths)) throw invalidArgument(`${where}.updateMask is invalid.`)
    mask = (paths as unknown[]).map(parseFieldPath)
  }
  return {
    target: parseDocumentName(update.name, db),
    update: { fields: parseFields(update.fields, `${where}.update.fields`), mask },
    precondition,
  }
}

function checkPrecondition(write: ParsedWrite, existing: StoredDocument | undefined): void {
  const { precondition, target } = write
  if (precondition === undefined) return
  if ('exists' in precondition) {
    if (precondition.exists && !existing) {
      throw new FirestoreError('NOT_FOUND', `No document to update: ${target.name}`)
    }
    if (!precondition.exists && existing) {
      throw new FirestoreError('ALREADY_EXISTS', `Document already exists: ${target.name}`)
    }
  } else if (!existing || microsOf(existing.updateTime) !== precondition.updateTime) {
    throw new FirestoreError(
      'FAILED_PRECONDITION',
      `the stored version (${existing?.updateTime ?? 'none'}) does not match the required base version (${precondition.text}) of ${target.name}`,
    )
  }
}

/** The document a write leaves (undefined: none), and the rule that judges it. */
function outcomeOf(
  write: ParsedWrite,
  existing: StoredDocument | undefined,
): { after: Fields | undefined; method: WriteMethod } {
  const { update, precondition } = write
  if (update === undefined) return { after: undefined, method: 'delete' }
  let after = cloneFields(update.fields)
  if (update.mask !== undefined) {
    after = existing ? cloneFields(existing.fields) : {}
    for (const field of update.mask) {
      const value = update.fields[field]
      // A masked field absent from `fields` is deleted.
      if (value === undefined)
        delete after[field] // eslint-disable-line @typescript-eslint/no-dynamic-delete
      else after[field] = structuredClone(value)
    }
  }
  const mustExist = precondition !== undefined && 'exists' in precondition && precondition.exists
  return { after, method: existing || mustExist ? 'update' : 'create' }
}

/** Runs a `commit` body. */
export function commit(context: RpcContext, body: unknown) {
  const { store, db, principal } = context
  if (!isRecord(body)) throw invalidArgument('The request body must be a JSON object.')
  checkKeys(body, ['writes'], 'commit')
  if (!Array.isArray(body.writes)) throw invalidArgument('writes must be an array.')
  const writes = (body.writes as unknown[]).map((write, index) => parseWrite(write, db, index))

  const commitTime = store.nextTimestamp()
  const staged = new Map<string, StoredDocument | null>()
  const current = (name: string) => {
    const document = staged.get(name)
    return document === null ? undefined : (document ?? store.get(name))
  }
  const changes: DocumentChange[] = []
  for (const write of writes) {
    const { target } = write
    const existing = current(target.name)
    const { after, method } = outcomeOf(write, existing)
    const decision = canWrite(principal, target.path, method, existing?.fields, after)
    if (!decision.allowed) throw permissionDenied(decision.reason)
    checkPrecondition(write, existing)
    const document = after && {
      name: target.name,
      fields: after,
      createTime: existing?.createTime ?? commitTime,
      updateTime: commitTime,
    }
    staged.set(target.name, document ?? null)
    changes.push({ name: target.name, fields: after ?? null })
  }
  store.applyChanges(changes, commitTime)
  return {
    writeResults: writes.map(({ update }) => (update ? { updateTime: commitTime } : {})),
    commitTime,
  }
}

/** Refuses the read options a transaction or a snapshot read would send. */
function readOptions(body: Record<string, unknown>, own: string, where: string): void {
  checkKeys(body, [own], where)
}

/** Runs a `batchGet` body: one entry per requested name, in request order. */
export function batchGet(context: RpcContext, body: unknown) {
  const { store, db, principal } = context
  if (!isRecord(body)) throw invalidArgument('The request body must be a JSON object.')
  readOptions(body, 'documents', 'batchGet')
  if (!Array.isArray(body.documents)) throw invalidArgument('documents must be an array.')
  const targets = (body.documents as unknown[]).map((name) => parseDocumentName(name, db))
  const found = targets.map((target) => store.get(target.name))
  for (const [index, target] of targets.entries()) {
    const decision = canRead(principal, target.path, found[index]?.fields)
    if (!decision.allowed) throw permissionDenied(decision.reason)
  }
  const readTime = store.readTime()
  return targets.map((target, index) => {
    const document = found[index]
    return document
      ? { found: documentJson(document), readTime }
      : { missing: target.name, readTime }
  })
}

/** Runs a `runQuery` body (on the database root; the app queries no subcollection). */
export function runQueryRpc(context: RpcContext, body: unknown) {
  const { store, db, principal } = context
  if (!isRecord(body)) throw invalidArgument('The request body must be a JSON object.')
  readOptions(body, 'structuredQuery', 'runQuery')
  const query = parseStructuredQuery(body.structuredQuery)
  const decision = canQuery(principal, query.collectionId, query.equalities)
  if (!decision.allowed) throw permissionDenied(decision.reason)
  const candidates = store.list({ project: db.project, collection: query.collectionId })
  const results = runQuery(query, candidates)
  const readTime = store.readTime()
  if (results.length === 0) return [{ readTime }]
  return results.map((document) => ({ document: documentJson(document), readTime }))
}
