/**
 * The four RPCs over a parsed request body: validation (400), preconditions (404/409/400),
 * the security rules (403) and the store. Pure of HTTP: `handlers.ts` does the transport.
 *
 * Order of checks, per request: the whole body is validated first; then, write by write,
 * the precondition and then the rules; only when every write passes is the commit applied,
 * in one step. A failed request changes nothing.
 */
import { FirestoreError, invalidArgument, permissionDenied } from './errors'
import { type DatabaseId, type DocumentName, parseDocumentName } from './names'
import { aggregate, parseAggregations, parseStructuredQuery, runQuery } from './query'
import { type Principal, canQuery, canRead, canWrite } from './rules'
import type { DocumentChange, FirestoreStore, StoredDocument } from './store'
import {
  type DoubleValue,
  type Fields,
  type Instant,
  type IntegerValue,
  type Value,
  cloneFields,
  compareInstants,
  compareValues,
  deleteField,
  getField,
  parseFieldPath,
  parseFields,
  parseTimestamp,
  parseValue,
  setField,
  toDoubleValue,
  numberOf,
} from './values'

export interface RpcContext {
  store: FirestoreStore
  db: DatabaseId
  principal: Principal
}

/** The REST `Document` shape. */
export interface DocumentJson {
  name: string
  fields: Fields
  createTime: string
  updateTime: string
}

export interface WriteResultJson {
  updateTime?: string
  transformResults?: Value[]
}
export interface CommitResponse {
  writeResults: WriteResultJson[]
  commitTime: string
}
export type BatchGetResponse = (
  { found: DocumentJson; readTime: string } | { missing: string; readTime: string }
)[]
export type RunQueryResponse = (
  { document: DocumentJson; readTime: string } | { readTime: string }
)[]
export type RunAggregationQueryResponse = {
  result: { aggregateFields: Fields }
  readTime: string
}[]

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function checkKeys(raw: Record<string, unknown>, allowed: readonly string[], where: string): void {
  for (const key of Object.keys(raw)) {
    if (!allowed.includes(key)) {
      throw invalidArgument(
        `Invalid JSON payload received. Unknown name "${key}" at '${where}': Cannot find field.`,
      )
    }
  }
}

const UNSUPPORTED_READ_OPTIONS = ['transaction', 'newTransaction', 'readTime', 'explainOptions']

function rejectReadOptions(raw: Record<string, unknown>): void {
  for (const key of UNSUPPORTED_READ_OPTIONS) {
    if (key in raw) throw invalidArgument(`"${key}" is not supported by this backend.`)
  }
}

function documentJson(document: StoredDocument): DocumentJson {
  return {
    name: document.name,
    fields: document.fields,
    createTime: document.createTime,
    updateTime: document.updateTime,
  }
}

// ---------------------------------------------------------------------------
// commit

type Precondition = { exists: boolean } | { updateTime: Instant; text: string } | undefined

type FieldTransform =
  | { path: string[]; kind: 'serverTime' }
  | {
      path: string[]
      kind: 'increment' | 'maximum' | 'minimum'
      operand: IntegerValue | DoubleValue
    }
  | { path: string[]; kind: 'append' | 'remove'; elements: Value[] }

type ParsedWrite =
  | {
      kind: 'update'
      target: DocumentName
      fields: Fields
      mask: string[][] | undefined
      transforms: FieldTransform[]
      precondition: Precondition
    }
  | { kind: 'delete'; target: DocumentName; precondition: Precondition }
  | { kind: 'verify'; target: DocumentName; precondition: Precondition }
  | {
      kind: 'transform'
      target: DocumentName
      transforms: FieldTransform[]
      precondition: Precondition
    }

function parsePrecondition(raw: unknown, where: string): Precondition {
  if (raw === undefined) return undefined
  if (!isRecord(raw)) throw invalidArgument(`${where} must be an object.`)
  checkKeys(raw, ['exists', 'updateTime'], where)
  if ('exists' in raw && 'updateTime' in raw)
    throw invalidArgument(`${where}: exists and updateTime are exclusive.`)
  if (typeof raw.exists === 'boolean') return { exists: raw.exists }
  if (typeof raw.updateTime === 'string') {
    const instant = parseTimestamp(raw.updateTime)
    if (instant) return { updateTime: instant, text: raw.updateTime }
  }
  if (Object.keys(raw).length === 0) return undefined
  throw invalidArgument(`${where} is invalid.`)
}

function parseTransforms(raw: unknown, db: DatabaseId, where: string): FieldTransform[] {
  if (raw === undefined) return []
  if (!Array.isArray(raw)) throw invalidArgument(`${where} must be an array.`)
  return (raw as unknown[]).map((item, index): FieldTransform => {
    const at = `${where}[${index}]`
    if (!isRecord(item) || Object.keys(item).length !== 2) {
      throw invalidArgument(`${at} must have a fieldPath and one transform.`)
    }
    const path = parseFieldPath(item.fieldPath)
    const {
      setToServerValue,
      increment,
      maximum,
      minimum,
      appendMissingElements,
      removeAllFromArray,
    } = item
    if (setToServerValue !== undefined) {
      if (setToServerValue !== 'REQUEST_TIME')
        throw invalidArgument(`${at}.setToServerValue is invalid.`)
      return { path, kind: 'serverTime' }
    }
    for (const [kind, operand] of [
      ['increment', increment],
      ['maximum', maximum],
      ['minimum', minimum],
    ] as const) {
      if (operand === undefined) continue
      const value = parseValue(operand, `${at}.${kind}`, db)
      if (!('integerValue' in value || 'doubleValue' in value)) {
        throw invalidArgument(`${at}.${kind} must be a number.`)
      }
      return { path, kind, operand: value }
    }
    for (const [kind, list] of [
      ['append', appendMissingElements],
      ['remove', removeAllFromArray],
    ] as const) {
      if (list === undefined) continue
      const value = parseValue({ arrayValue: list }, at, db)
      return { path, kind, elements: 'arrayValue' in value ? (value.arrayValue.values ?? []) : [] }
    }
    throw invalidArgument(`${at}: unsupported transform.`)
  })
}

function parseWrite(raw: unknown, db: DatabaseId, index: number): ParsedWrite {
  const where = `writes[${index}]`
  if (!isRecord(raw)) throw invalidArgument(`${where} must be an object.`)
  checkKeys(
    raw,
    [
      'update',
      'delete',
      'verify',
      'transform',
      'updateMask',
      'updateTransforms',
      'currentDocument',
    ],
    where,
  )
  const operations = ['update', 'delete', 'verify', 'transform'].filter((key) => key in raw)
  if (operations.length !== 1)
    throw invalidArgument(`${where} must have exactly one of update, delete, verify, transform.`)
  const precondition = parsePrecondition(raw.currentDocument, `${where}.currentDocument`)
  if (!('update' in raw) && ('updateMask' in raw || 'updateTransforms' in raw)) {
    throw invalidArgument(`${where}: updateMask and updateTransforms need an update.`)
  }
  if ('update' in raw) {
    const { update } = raw
    if (!isRecord(update)) throw invalidArgument(`${where}.update must be a Document.`)
    checkKeys(update, ['name', 'fields', 'createTime', 'updateTime'], `${where}.update`)
    const target = parseDocumentName(update.name, db)
    const fields = parseFields(update.fields ?? {}, `${where}.update.fields`, db)
    let mask: string[][] | undefined
    if (raw.updateMask !== undefined) {
      const { updateMask } = raw
      if (!isRecord(updateMask))
        throw invalidArgument(`${where}.updateMask must be a DocumentMask.`)
      const paths = updateMask.fieldPaths ?? []
      if (!Array.isArray(paths))
        throw invalidArgument(`${where}.updateMask.fieldPaths must be an array.`)
      mask = (paths as unknown[]).map((path) => parseFieldPath(path))
    }
    const transforms = parseTransforms(raw.updateTransforms, db, `${where}.updateTransforms`)
    return { kind: 'update', target, fields, mask, transforms, precondition }
  }
  if ('transform' in raw) {
    const { transform } = raw
    if (!isRecord(transform))
      throw invalidArgument(`${where}.transform must be a DocumentTransform.`)
    const target = parseDocumentName(transform.document, db)
    const transforms = parseTransforms(
      transform.fieldTransforms,
      db,
      `${where}.transform.fieldTransforms`,
    )
    return { kind: 'transform', target, transforms, precondition }
  }
  return 'delete' in raw
    ? { kind: 'delete', target: parseDocumentName(raw.delete, db), precondition }
    : { kind: 'verify', target: parseDocumentName(raw.verify, db), precondition }
}

function checkPrecondition(
  precondition: Precondition,
  target: DocumentName,
  existing: StoredDocument | undefined,
): void {
  if (precondition === undefined) return
  if ('exists' in precondition) {
    if (precondition.exists && !existing) {
      throw new FirestoreError('NOT_FOUND', `No document to update: ${target.name}`)
    }
    if (!precondition.exists && existing) {
      throw new FirestoreError('ALREADY_EXISTS', `Document already exists: ${target.name}`)
    }
    return
  }
  const stored = existing && parseTimestamp(existing.updateTime)
  if (!stored || compareInstants(stored, precondition.updateTime) !== 0) {
    throw new FirestoreError(
      'FAILED_PRECONDITION',
      `the stored version (${existing?.updateTime ?? 'none'}) does not match the required base version (${precondition.text}) of ${target.name}`,
    )
  }
}

function isNumber(
  value: Value | undefined,
): value is Extract<Value, { integerValue: string } | { doubleValue: number | string }> {
  return value !== undefined && ('integerValue' in value || 'doubleValue' in value)
}

function applyTransform(fields: Fields, transform: FieldTransform, commitTime: string): Value {
  const current = getField(fields, transform.path)
  let next: Value
  let result: Value
  switch (transform.kind) {
    case 'serverTime':
      next = { timestampValue: commitTime }
      result = next
      break
    case 'increment': {
      const { operand } = transform
      if (!isNumber(current)) next = operand
      else if ('integerValue' in current && 'integerValue' in operand) {
        const sum = BigInt(current.integerValue) + BigInt(operand.integerValue)
        const clamped =
          sum > 2n ** 63n - 1n ? 2n ** 63n - 1n : sum < -(2n ** 63n) ? -(2n ** 63n) : sum
        next = { integerValue: clamped.toString() }
      } else next = toDoubleValue(numberOf(current) + numberOf(operand))
      result = next
      break
    }
    case 'maximum':
    case 'minimum': {
      const { operand } = transform
      if (!isNumber(current)) next = operand
      else {
        const order = compareValues(current, operand)
        next = (transform.kind === 'maximum' ? order >= 0 : order <= 0) ? current : operand
      }
      result = next
      break
    }
    case 'append':
    case 'remove': {
      const items =
        current !== undefined && 'arrayValue' in current ? (current.arrayValue.values ?? []) : []
      const values =
        transform.kind === 'append'
          ? [
              ...items,
              ...transform.elements.filter(
                (element, index, all) =>
                  !items.some((item) => compareValues(item, element) === 0) &&
                  all.findIndex((other) => compareValues(other, element) === 0) === index,
              ),
            ]
          : items.filter(
              (item) => !transform.elements.some((element) => compareValues(item, element) === 0),
            )
      next = { arrayValue: { values } }
      result = { nullValue: null }
      break
    }
  }
  setField(fields, transform.path, next)
  return result
}

/** Runs a `commit` body. */
export function commit(context: RpcContext, body: unknown): CommitResponse {
  const { store, db, principal } = context
  if (!isRecord(body)) throw invalidArgument('The request body must be a JSON object.')
  checkKeys(body, ['writes', 'transaction'], 'commit')
  if ('transaction' in body)
    throw invalidArgument('"transaction" is not supported by this backend.')
  const rawWrites = body.writes ?? []
  if (!Array.isArray(rawWrites)) throw invalidArgument('writes must be an array.')
  const writes = (rawWrites as unknown[]).map((write, index) => parseWrite(write, db, index))

  const commitTime = store.nextTimestamp()
  const overlay = new Map<string, StoredDocument | null>()
  const current = (name: string): StoredDocument | undefined => {
    const staged = overlay.get(name)
    return staged === null ? undefined : (staged ?? store.get(name))
  }
  const changes: DocumentChange[] = []
  const writeResults: WriteResultJson[] = []

  for (const write of writes) {
    const { target } = write
    const existing = current(target.name)
    checkPrecondition(write.precondition, target, existing)
    if (write.kind === 'verify') {
      const decision = canRead(principal, target.path, existing?.fields)
      if (!decision.allowed) throw permissionDenied(decision.reason)
      writeResults.push({})
      continue
    }
    let after: Fields | undefined
    let transformResults: Value[] | undefined
    if (write.kind === 'delete') {
      after = undefined
    } else {
      if (write.kind === 'update') {
        if (write.mask === undefined) after = cloneFields(write.fields)
        else {
          after = existing ? cloneFields(existing.fields) : {}
          for (const path of write.mask) {
            const value = getField(write.fields, path)
            if (value === undefined) deleteField(after, path)
            else setField(after, path, structuredClone(value))
          }
        }
      } else {
        // A standalone transform behaves as an update with an empty mask.
        after = existing ? cloneFields(existing.fields) : {}
      }
      const fields = after
      transformResults =
        write.transforms.length > 0
          ? write.transforms.map((transform) => applyTransform(fields, transform, commitTime))
          : undefined
    }
    const decision = canWrite(principal, target.path, existing?.fields, after)
    if (!decision.allowed) throw permissionDenied(decision.reason)
    overlay.set(
      target.name,
      after === undefined
        ? null
        : {
            name: target.name,
            fields: after,
            createTime: existing?.createTime ?? commitTime,
            updateTime: commitTime,
          },
    )
    changes.push({ name: target.name, fields: after ?? null })
    writeResults.push(
      after === undefined
        ? {}
        : { updateTime: commitTime, ...(transformResults ? { transformResults } : {}) },
    )
  }

  store.applyChanges(changes, commitTime)
  return { writeResults, commitTime }
}

// ---------------------------------------------------------------------------
// batchGet

function parseMask(raw: unknown, where: string): string[][] | undefined {
  if (raw === undefined) return undefined
  if (!isRecord(raw)) throw invalidArgument(`${where} must be a DocumentMask.`)
  const paths = raw.fieldPaths ?? []
  if (!Array.isArray(paths)) throw invalidArgument(`${where}.fieldPaths must be an array.`)
  return (paths as unknown[]).map((path) => parseFieldPath(path))
}

function masked(document: StoredDocument, mask: string[][] | undefined): StoredDocument {
  if (!mask) return document
  const fields: Fields = {}
  for (const path of mask) {
    const value = getField(document.fields, path)
    if (value !== undefined) setField(fields, path, value)
  }
  return { ...document, fields }
}

/** Runs a `batchGet` body: one entry per requested name, in request order. */
export function batchGet(context: RpcContext, body: unknown): BatchGetResponse {
  const { store, db, principal } = context
  if (!isRecord(body)) throw invalidArgument('The request body must be a JSON object.')
  checkKeys(body, ['documents', 'mask', ...UNSUPPORTED_READ_OPTIONS], 'batchGet')
  rejectReadOptions(body)
  const { documents } = body
  if (!Array.isArray(documents)) throw invalidArgument('documents must be an array of names.')
  const targets = (documents as unknown[]).map((name) => parseDocumentName(name, db))
  const mask = parseMask(body.mask, 'mask')
  const found = targets.map((target) => store.get(target.name))
  for (const [index, target] of targets.entries()) {
    const decision = canRead(principal, target.path, found[index]?.fields)
    if (!decision.allowed) throw permissionDenied(decision.reason)
  }
  const readTime = store.readTime()
  return targets.map((target, index) => {
    const document = found[index]
    return document
      ? { found: documentJson(masked(document, mask)), readTime }
      : { missing: target.name, readTime }
  })
}

// ---------------------------------------------------------------------------
// runQuery / runAggregationQuery

function queryResults(
  context: RpcContext,
  rawQuery: unknown,
  parent: readonly string[],
): StoredDocument[] {
  const { store, db, principal } = context
  const query = parseStructuredQuery(rawQuery, parent, db)
  const decision = canQuery(principal, query.target, query.where)
  if (!decision.allowed) throw permissionDenied(decision.reason)
  const prefix = `projects/${db.project}/databases/${db.database}/documents/`
  const candidates = store
    .list({ project: db.project })
    .filter((document) => document.name.startsWith(prefix))
  return runQuery(query, candidates)
}

/** Runs a `runQuery` body; `parent` is the document path in the URL (`[]` for the root). */
export function runQueryRpc(
  context: RpcContext,
  body: unknown,
  parent: readonly string[],
): RunQueryResponse {
  if (!isRecord(body)) throw invalidArgument('The request body must be a JSON object.')
  checkKeys(body, ['structuredQuery', ...UNSUPPORTED_READ_OPTIONS], 'runQuery')
  rejectReadOptions(body)
  if (body.structuredQuery === undefined) throw invalidArgument('runQuery needs a structuredQuery.')
  const results = queryResults(context, body.structuredQuery, parent)
  const readTime = context.store.readTime()
  if (results.length === 0) return [{ readTime }]
  return results.map((document) => ({ document: documentJson(document), readTime }))
}

/** Runs a `runAggregationQuery` body (count, sum, avg). */
export function runAggregationQueryRpc(
  context: RpcContext,
  body: unknown,
  parent: readonly string[],
): RunAggregationQueryResponse {
  if (!isRecord(body)) throw invalidArgument('The request body must be a JSON object.')
  checkKeys(
    body,
    ['structuredAggregationQuery', ...UNSUPPORTED_READ_OPTIONS],
    'runAggregationQuery',
  )
  rejectReadOptions(body)
  const aggregationQuery = body.structuredAggregationQuery
  if (!isRecord(aggregationQuery))
    throw invalidArgument('runAggregationQuery needs a structuredAggregationQuery.')
  checkKeys(aggregationQuery, ['structuredQuery', 'aggregations'], 'structuredAggregationQuery')
  const aggregations = parseAggregations(aggregationQuery.aggregations)
  const results = queryResults(context, aggregationQuery.structuredQuery, parent)
  return [
    {
      result: { aggregateFields: aggregate(aggregations, results) },
      readTime: context.store.readTime(),
    },
  ]
}
