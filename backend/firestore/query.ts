/**
 * `StructuredQuery` parsing and evaluation: one collection (or collection group) under a
 * parent, field/unary/composite filters, orderBy (any field; `__name__` last), cursors,
 * offset, limit, select; and the aggregations of `runAggregationQuery` (count, sum, avg).
 * No indexes are needed: every query scans the collection.
 */
import { invalidArgument } from './errors'
import { type DatabaseId, parseResourceName } from './names'
import type { StoredDocument } from './store'
import {
  type Fields,
  type Value,
  compareValues,
  getField,
  isNaNValue,
  numberOf,
  parseFieldPath,
  parseValue,
  setField,
  toDoubleValue,
  typeOrder,
} from './values'

export type FieldOperator =
  | 'EQUAL'
  | 'NOT_EQUAL'
  | 'LESS_THAN'
  | 'LESS_THAN_OR_EQUAL'
  | 'GREATER_THAN'
  | 'GREATER_THAN_OR_EQUAL'
  | 'ARRAY_CONTAINS'
  | 'IN'
  | 'NOT_IN'
  | 'ARRAY_CONTAINS_ANY'
export type UnaryOperator = 'IS_NULL' | 'IS_NOT_NULL' | 'IS_NAN' | 'IS_NOT_NAN'

export type Filter =
  | { kind: 'field'; field: string[]; op: FieldOperator; value: Value }
  | { kind: 'unary'; field: string[]; op: UnaryOperator }
  | { kind: 'composite'; op: 'AND' | 'OR'; filters: Filter[] }

export interface Order {
  field: string[]
  descending: boolean
}

export interface Cursor {
  values: Value[]
  before: boolean
}

/** What a query reads: the collection `collectionId` under `parent` (a document path or root). */
export interface QueryTarget {
  parent: readonly string[]
  collectionId: string
  allDescendants: boolean
}

export interface ParsedQuery {
  target: QueryTarget
  where: Filter | undefined
  /** Always ends with `__name__`. */
  orderBy: Order[]
  select: string[][] | undefined
  startAt: Cursor | undefined
  endAt: Cursor | undefined
  offset: number
  limit: number | undefined
}

const FIELD_OPERATORS: ReadonlySet<string> = new Set<FieldOperator>([
  'EQUAL',
  'NOT_EQUAL',
  'LESS_THAN',
  'LESS_THAN_OR_EQUAL',
  'GREATER_THAN',
  'GREATER_THAN_OR_EQUAL',
  'ARRAY_CONTAINS',
  'IN',
  'NOT_IN',
  'ARRAY_CONTAINS_ANY',
])
const UNARY_OPERATORS: ReadonlySet<string> = new Set<UnaryOperator>([
  'IS_NULL',
  'IS_NOT_NULL',
  'IS_NAN',
  'IS_NOT_NAN',
])
const LIST_OPERATORS: ReadonlySet<string> = new Set(['IN', 'NOT_IN', 'ARRAY_CONTAINS_ANY'])
const NAME_FIELD = '__name__'

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

function fieldReference(raw: unknown, where: string): string[] {
  if (!isRecord(raw)) throw invalidArgument(`${where} must be a field reference {fieldPath}.`)
  return parseFieldPath(raw.fieldPath)
}

function parseFilter(raw: unknown, db: DatabaseId, where: string): Filter {
  if (!isRecord(raw) || Object.keys(raw).length !== 1) {
    throw invalidArgument(
      `${where} must have exactly one of fieldFilter, unaryFilter, compositeFilter.`,
    )
  }
  const { fieldFilter, unaryFilter, compositeFilter } = raw
  if (isRecord(fieldFilter)) {
    const { op } = fieldFilter
    if (typeof op !== 'string' || !FIELD_OPERATORS.has(op)) {
      throw invalidArgument(`${where}.fieldFilter.op: unsupported operator ${JSON.stringify(op)}.`)
    }
    const value = parseValue(fieldFilter.value, `${where}.fieldFilter.value`, db)
    if (LIST_OPERATORS.has(op) && !('arrayValue' in value)) {
      throw invalidArgument(`${where}.fieldFilter: ${op} needs an array value.`)
    }
    return {
      kind: 'field',
      field: fieldReference(fieldFilter.field, `${where}.fieldFilter.field`),
      op: op as FieldOperator,
      value,
    }
  }
  if (isRecord(unaryFilter)) {
    const { op } = unaryFilter
    if (typeof op !== 'string' || !UNARY_OPERATORS.has(op)) {
      throw invalidArgument(`${where}.unaryFilter.op: unsupported operator ${JSON.stringify(op)}.`)
    }
    return {
      kind: 'unary',
      field: fieldReference(unaryFilter.field, `${where}.unaryFilter.field`),
      op: op as UnaryOperator,
    }
  }
  if (isRecord(compositeFilter)) {
    const { op, filters } = compositeFilter
    if (op !== 'AND' && op !== 'OR') {
      throw invalidArgument(
        `${where}.compositeFilter.op: unsupported operator ${JSON.stringify(op)}.`,
      )
    }
    if (!Array.isArray(filters) || filters.length === 0) {
      throw invalidArgument(`${where}.compositeFilter.filters must be a non-empty array.`)
    }
    return {
      kind: 'composite',
      op,
      filters: (filters as unknown[]).map((filter, index) =>
        parseFilter(filter, db, `${where}.compositeFilter.filters[${index}]`),
      ),
    }
  }
  throw invalidArgument(`${where}: unknown filter.`)
}

function parseCursor(raw: unknown, db: DatabaseId, where: string): Cursor | undefined {
  if (raw === undefined) return undefined
  if (!isRecord(raw) || !Array.isArray(raw.values)) {
    throw invalidArgument(`${where} must be {values: [...], before}.`)
  }
  return {
    values: (raw.values as unknown[]).map((value, index) =>
      parseValue(value, `${where}.values[${index}]`, db),
    ),
    before: raw.before === true,
  }
}

function parseCount(raw: unknown, where: string): number | undefined {
  if (raw === undefined) return undefined
  const value = isRecord(raw) ? raw.value : raw
  if (typeof value !== 'number' || !Number.isInteger(value) || value < 0) {
    throw invalidArgument(`${where} must be a non-negative integer.`)
  }
  return value
}

const KNOWN_QUERY_KEYS: ReadonlySet<string> = new Set([
  'select',
  'from',
  'where',
  'orderBy',
  'startAt',
  'endAt',
  'offset',
  'limit',
])

/** Parses `structuredQuery`; `parent` is the document path of the request URL (root: `[]`). */
export function parseStructuredQuery(
  raw: unknown,
  parent: readonly string[],
  db: DatabaseId,
): ParsedQuery {
  if (!isRecord(raw)) throw invalidArgument('structuredQuery must be an object.')
  const unknown = Object.keys(raw).filter((key) => !KNOWN_QUERY_KEYS.has(key))
  if (unknown.length > 0) {
    throw invalidArgument(`structuredQuery: unsupported field(s) ${unknown.join(', ')}.`)
  }
  const { from } = raw
  if (!Array.isArray(from) || from.length !== 1 || !isRecord(from[0])) {
    throw invalidArgument('structuredQuery.from must name exactly one collection.')
  }
  const [selector] = from as Record<string, unknown>[]
  const collectionId = selector?.collectionId
  if (typeof collectionId !== 'string' || collectionId === '' || collectionId.includes('/')) {
    throw invalidArgument('structuredQuery.from[0].collectionId must be a collection id.')
  }
  const where =
    raw.where === undefined ? undefined : parseFilter(raw.where, db, 'structuredQuery.where')

  const orderBy: Order[] = []
  if (raw.orderBy !== undefined) {
    if (!Array.isArray(raw.orderBy))
      throw invalidArgument('structuredQuery.orderBy must be an array.')
    for (const [index, order] of (raw.orderBy as unknown[]).entries()) {
      if (!isRecord(order))
        throw invalidArgument(`structuredQuery.orderBy[${index}] must be an object.`)
      const { direction } = order
      if (direction !== undefined && direction !== 'ASCENDING' && direction !== 'DESCENDING') {
        throw invalidArgument(`structuredQuery.orderBy[${index}].direction is invalid.`)
      }
      orderBy.push({
        field: fieldReference(order.field, `structuredQuery.orderBy[${index}].field`),
        descending: direction === 'DESCENDING',
      })
    }
  }
  const last = orderBy.at(-1)
  if (!last || !(last.field.length === 1 && last.field[0] === NAME_FIELD)) {
    orderBy.push({ field: [NAME_FIELD], descending: last?.descending ?? false })
  }

  let select: string[][] | undefined
  if (raw.select !== undefined) {
    const fields = isRecord(raw.select) ? (raw.select.fields ?? []) : undefined
    if (!Array.isArray(fields))
      throw invalidArgument('structuredQuery.select.fields must be an array.')
    select = (fields as unknown[]).map((field, index) =>
      fieldReference(field, `structuredQuery.select.fields[${index}]`),
    )
  }

  const startAt = parseCursor(raw.startAt, db, 'structuredQuery.startAt')
  const endAt = parseCursor(raw.endAt, db, 'structuredQuery.endAt')
  for (const cursor of [startAt, endAt]) {
    if (cursor && cursor.values.length > orderBy.length) {
      throw invalidArgument('A cursor has more values than the query has orderBy fields.')
    }
  }

  return {
    target: { parent, collectionId, allDescendants: selector?.allDescendants === true },
    where,
    orderBy,
    select,
    startAt,
    endAt,
    offset: parseCount(raw.offset, 'structuredQuery.offset') ?? 0,
    limit: parseCount(raw.limit, 'structuredQuery.limit'),
  }
}

// ---------------------------------------------------------------------------
// Evaluation

function valueAt(document: StoredDocument, field: readonly string[]): Value | undefined {
  if (field.length === 1 && field[0] === NAME_FIELD) return { referenceValue: document.name }
  return getField(document.fields, field)
}

function equalsAny(value: Value, list: Value): boolean {
  const values = 'arrayValue' in list ? (list.arrayValue.values ?? []) : []
  return values.some((item) => compareValues(value, item) === 0)
}

function arrayItems(value: Value | undefined): Value[] {
  return value !== undefined && 'arrayValue' in value ? (value.arrayValue.values ?? []) : []
}

function matchesFilter(filter: Filter, document: StoredDocument): boolean {
  if (filter.kind === 'composite') {
    return filter.op === 'AND'
      ? filter.filters.every((inner) => matchesFilter(inner, document))
      : filter.filters.some((inner) => matchesFilter(inner, document))
  }
  const value = valueAt(document, filter.field)
  if (filter.kind === 'unary') {
    switch (filter.op) {
      case 'IS_NULL':
        return value !== undefined && 'nullValue' in value
      case 'IS_NOT_NULL':
        return value !== undefined && !('nullValue' in value)
      case 'IS_NAN':
        return value !== undefined && isNaNValue(value)
      case 'IS_NOT_NAN':
        return value !== undefined && !isNaNValue(value)
    }
  }
  if (value === undefined) return false
  const target = filter.value
  switch (filter.op) {
    case 'EQUAL':
      return compareValues(value, target) === 0 && !isNaNValue(value)
    case 'NOT_EQUAL':
      return compareValues(value, target) !== 0 && !('nullValue' in value)
    case 'IN':
      return equalsAny(value, target)
    case 'NOT_IN':
      return !('nullValue' in value) && !equalsAny(value, target)
    case 'ARRAY_CONTAINS':
      return arrayItems(value).some((item) => compareValues(item, target) === 0)
    case 'ARRAY_CONTAINS_ANY':
      return arrayItems(value).some((item) => equalsAny(item, target))
    default: {
      if (typeOrder(value) !== typeOrder(target) || isNaNValue(value) || isNaNValue(target)) {
        return false
      }
      const order = compareValues(value, target)
      if (filter.op === 'LESS_THAN') return order < 0
      if (filter.op === 'LESS_THAN_OR_EQUAL') return order <= 0
      if (filter.op === 'GREATER_THAN') return order > 0
      return order >= 0
    }
  }
}

/** Whether the document is in the collection the query reads. */
function inTarget(target: QueryTarget, document: StoredDocument): boolean {
  const { path } = parseResourceName(document.name)
  const { parent, collectionId, allDescendants } = target
  if (!parent.every((segment, index) => path[index] === segment)) return false
  if (path[path.length - 2] !== collectionId) return false
  return allDescendants ? path.length > parent.length : path.length === parent.length + 2
}

function compareByOrder(orderBy: readonly Order[], a: StoredDocument, b: StoredDocument): number {
  for (const { field, descending } of orderBy) {
    const x = valueAt(a, field)
    const y = valueAt(b, field)
    if (x === undefined || y === undefined) continue
    const order = compareValues(x, y)
    if (order !== 0) return descending ? -order : order
  }
  return 0
}

function compareToCursor(
  orderBy: readonly Order[],
  document: StoredDocument,
  cursor: Cursor,
): number {
  for (const [index, bound] of cursor.values.entries()) {
    const order = orderBy[index]
    if (!order) break
    const value = valueAt(document, order.field)
    if (value === undefined) continue
    const comparison = compareValues(value, bound)
    if (comparison !== 0) return order.descending ? -comparison : comparison
  }
  return 0
}

function project(document: StoredDocument, select: readonly string[][]): StoredDocument {
  const fields: Fields = {}
  for (const path of select) {
    if (path.length === 1 && path[0] === NAME_FIELD) continue
    const value = getField(document.fields, path)
    if (value !== undefined) setField(fields, path, value)
  }
  return { ...document, fields }
}

/** Runs a parsed query over `documents` (any order, any collections). */
export function runQuery(
  query: ParsedQuery,
  documents: readonly StoredDocument[],
): StoredDocument[] {
  const { where, orderBy, startAt, endAt, offset, limit, select } = query
  let results = documents.filter(
    (document) =>
      inTarget(query.target, document) &&
      (where === undefined || matchesFilter(where, document)) &&
      orderBy.every(({ field }) => valueAt(document, field) !== undefined),
  )
  results.sort((a, b) => compareByOrder(orderBy, a, b))
  if (startAt) {
    results = results.filter((document) => {
      const position = compareToCursor(orderBy, document, startAt)
      return startAt.before ? position >= 0 : position > 0
    })
  }
  if (endAt) {
    results = results.filter((document) => {
      const position = compareToCursor(orderBy, document, endAt)
      return endAt.before ? position < 0 : position <= 0
    })
  }
  results = results.slice(offset, limit === undefined ? undefined : offset + limit)
  return select ? results.map((document) => project(document, select)) : results
}

// ---------------------------------------------------------------------------
// Aggregations

export type Aggregation =
  | { alias: string; kind: 'count'; upTo: number | undefined }
  | { alias: string; kind: 'sum' | 'avg'; field: string[] }

export function parseAggregations(raw: unknown): Aggregation[] {
  if (!Array.isArray(raw) || raw.length === 0) {
    throw invalidArgument('structuredAggregationQuery.aggregations must be a non-empty array.')
  }
  return (raw as unknown[]).map((item, index): Aggregation => {
    const where = `structuredAggregationQuery.aggregations[${index}]`
    if (!isRecord(item) || typeof item.alias !== 'string' || item.alias === '') {
      throw invalidArgument(`${where} needs an alias.`)
    }
    const { alias, count, sum, avg } = item
    if (isRecord(count)) {
      const upTo = count.upTo === undefined ? undefined : Number(count.upTo)
      if (upTo !== undefined && !(Number.isInteger(upTo) && upTo > 0)) {
        throw invalidArgument(`${where}.count.upTo must be a positive integer.`)
      }
      return { alias, kind: 'count', upTo }
    }
    if (isRecord(sum))
      return { alias, kind: 'sum', field: fieldReference(sum.field, `${where}.sum.field`) }
    if (isRecord(avg))
      return { alias, kind: 'avg', field: fieldReference(avg.field, `${where}.avg.field`) }
    throw invalidArgument(`${where}: only count, sum and avg are supported.`)
  })
}

export function aggregate(
  aggregations: readonly Aggregation[],
  documents: readonly StoredDocument[],
): Fields {
  const result: Fields = {}
  for (const aggregation of aggregations) {
    if (aggregation.kind === 'count') {
      const count = Math.min(documents.length, aggregation.upTo ?? Infinity)
      result[aggregation.alias] = { integerValue: String(count) }
      continue
    }
    const numbers = documents
      .map((document) => getField(document.fields, aggregation.field))
      .filter(
        (
          value,
        ): value is Extract<Value, { integerValue: string } | { doubleValue: number | string }> =>
          value !== undefined && ('integerValue' in value || 'doubleValue' in value),
      )
    if (aggregation.kind === 'avg') {
      result[aggregation.alias] =
        numbers.length === 0
          ? { nullValue: null }
          : toDoubleValue(
              numbers.reduce((total, value) => total + numberOf(value), 0) / numbers.length,
            )
      continue
    }
    const allIntegers = numbers.every((value) => 'integerValue' in value)
    const bigSum = allIntegers
      ? numbers.reduce(
          (total, value) => total + BigInt('integerValue' in value ? value.integerValue : 0),
          0n,
        )
      : 0n
    result[aggregation.alias] =
      allIntegers && bigSum >= -(2n ** 63n) && bigSum < 2n ** 63n
        ? { integerValue: bigSum.toString() }
        : toDoubleValue(numbers.reduce((total, value) => total + numberOf(value), 0))
  }
  return result
}
