/**
 * The queries the app makes: one collection under the root, filtered by field equalities
 * (`where('email', '==', …)`, ANDed), in document name order (which the SDK asks for). Anything else a structured query
 * can say is refused with 400 INVALID_ARGUMENT naming the official emulator, which runs it.
 */
import { invalidArgument } from './errors'
import type { StoredDocument } from './store'
import { type Value, parseFieldPath, parseValue, valuesEqual } from './values'

export interface Equality {
  field: string
  value: Value
}

export interface ParsedQuery {
  collectionId: string
  equalities: Equality[]
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const unsupported = (what: string) =>
  invalidArgument(
    `${what} is not supported by backend/ (a stand-in for the queries the app makes; the official emulator runs it).`,
  )

function parseFilter(raw: unknown, where: string): Equality[] {
  if (!isRecord(raw)) throw invalidArgument(`${where} must be a filter.`)
  const { fieldFilter, compositeFilter } = raw
  if (isRecord(fieldFilter) && Object.keys(raw).length === 1) {
    if (fieldFilter.op !== 'EQUAL') throw unsupported(`The operator ${String(fieldFilter.op)}`)
    const field = isRecord(fieldFilter.field) ? fieldFilter.field.fieldPath : undefined
    return [
      { field: parseFieldPath(field), value: parseValue(fieldFilter.value, `${where}.value`) },
    ]
  }
  if (isRecord(compositeFilter) && Object.keys(raw).length === 1) {
    if (compositeFilter.op !== 'AND')
      throw unsupported(`The operator ${String(compositeFilter.op)}`)
    const filters = Array.isArray(compositeFilter.filters) ? compositeFilter.filters : []
    return filters.flatMap((filter, index) =>
      parseFilter(filter, `${where}.filters[${String(index)}]`),
    )
  }
  throw unsupported(`The filter ${JSON.stringify(Object.keys(raw))}`)
}

/** Parses a `structuredQuery`. */
export function parseStructuredQuery(raw: unknown): ParsedQuery {
  if (!isRecord(raw)) throw invalidArgument('structuredQuery must be an object.')
  const other = Object.keys(raw).filter((key) => !['from', 'where', 'orderBy'].includes(key))
  if (other.length > 0) throw unsupported(`A query's ${other.join(', ')}`)
  // The SDK always asks for the order by document name, which is the order of the results.
  const orders = Array.isArray(raw.orderBy) ? (raw.orderBy as unknown[]) : []
  const byName = orders.every(
    (order) =>
      isRecord(order) &&
      isRecord(order.field) &&
      order.field.fieldPath === '__name__' &&
      (order.direction ?? 'ASCENDING') === 'ASCENDING',
  )
  if (raw.orderBy !== undefined && (!Array.isArray(raw.orderBy) || !byName)) {
    throw unsupported('An order other than by document name')
  }
  const from = Array.isArray(raw.from) ? (raw.from as unknown[]) : []
  const [selector] = from
  if (from.length !== 1 || !isRecord(selector) || typeof selector.collectionId !== 'string') {
    throw invalidArgument('A query needs exactly one collection in from.')
  }
  if (selector.allDescendants === true) throw unsupported('A collection group query')
  return {
    collectionId: selector.collectionId,
    equalities: raw.where === undefined ? [] : parseFilter(raw.where, 'where'),
  }
}

/** The documents the query returns from `candidates` (already in name order). */
export function runQuery(query: ParsedQuery, candidates: StoredDocument[]): StoredDocument[] {
  return candidates.filter(({ fields }) =>
    query.equalities.every(({ field, value }) => {
      const stored = fields[field]
      return stored !== undefined && valuesEqual(stored, value)
    }),
  )
}
