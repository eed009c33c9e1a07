/**
 * Firestore values in the REST API's JSON, for the types a task holds (string, boolean,
 * integer, double) and null, in top-level fields. Anything else (maps, arrays, timestamps…)
 * is refused with 400 INVALID_ARGUMENT: the app never sends it, and the official emulator,
 * the reference, handles every type.
 */
import { invalidArgument } from './errors'

export type Value =
  | { nullValue: null }
  | { booleanValue: boolean }
  | { integerValue: string }
  | { doubleValue: number }
  | { stringValue: string }

/** A document's fields. */
export type Fields = Record<string, Value>

/** A value as plain JSON (tests seed and read documents this way). */
export type PlainValue = null | boolean | number | string

const INT64_MIN = -(2n ** 63n)
const INT64_MAX = 2n ** 63n - 1n

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

const unsupported = (where: string, what: string) =>
  invalidArgument(
    `${where}: ${what} is not supported by backend/ (a stand-in for what the app sends; the official emulator supports it).`,
  )

/** Validates one value into its stored form (integers as decimal strings). */
export function parseValue(raw: unknown, where: string): Value {
  if (!isRecord(raw)) throw invalidArgument(`Invalid value at '${where}': not a Value.`)
  const [type, ...others] = Object.keys(raw)
  if (type === undefined || others.length > 0) {
    throw invalidArgument(`Invalid value at '${where}': exactly one value type is needed.`)
  }
  const value = raw[type]
  switch (type) {
    case 'nullValue':
      if (value === null || value === 'NULL_VALUE') return { nullValue: null }
      break
    case 'booleanValue':
      if (typeof value === 'boolean') return { booleanValue: value }
      break
    case 'stringValue':
      if (typeof value === 'string') return { stringValue: value }
      break
    case 'doubleValue':
      if (typeof value === 'number') return { doubleValue: value }
      if (typeof value === 'string') throw unsupported(where, `the double ${value}`)
      break
    case 'integerValue': {
      const text = typeof value === 'number' && Number.isSafeInteger(value) ? String(value) : value
      if (typeof text === 'string' && /^-?\d+$/.test(text)) {
        const integer = BigInt(text)
        if (integer >= INT64_MIN && integer <= INT64_MAX) return { integerValue: String(integer) }
      }
      break
    }
    default:
      throw unsupported(where, type)
  }
  throw invalidArgument(`Invalid value at '${where}.${type}'.`)
}

/** Validates a `fields` object. */
export function parseFields(raw: unknown, where: string): Fields {
  if (raw === undefined) return {}
  if (!isRecord(raw)) throw invalidArgument(`Invalid value at '${where}': not a map of fields.`)
  const fields: Fields = {}
  for (const [name, value] of Object.entries(raw)) {
    if (name === '' || /^__.*__$/.test(name)) {
      throw invalidArgument(`Invalid field name "${name}" at '${where}'.`)
    }
    fields[name] = parseValue(value, `${where}.${name}`)
  }
  return fields
}

/**
 * A field path of an update mask, as the SDK writes it: a name, or a backquoted one. Paths
 * into maps (`a.b`) are not supported.
 */
export function parseFieldPath(text: unknown): string {
  if (typeof text !== 'string' || text === '') throw invalidArgument('Invalid field path.')
  if (/^[A-Za-z_][A-Za-z_0-9]*$/.test(text)) return text
  const quoted = /^`((?:[^`\\]|\\.)+)`$/.exec(text)?.[1]
  if (quoted !== undefined) return quoted.replace(/\\(.)/g, '$1')
  throw unsupported(`field path "${text}"`, 'a path into a map')
}

function numberOf(value: Value): number | bigint | undefined {
  if ('integerValue' in value) return BigInt(value.integerValue)
  if ('doubleValue' in value) return value.doubleValue
  return undefined
}

/** Equality as a query's EQUAL filter sees it (1 equals 1.0). */
export function valuesEqual(a: Value, b: Value): boolean {
  const x = numberOf(a)
  const y = numberOf(b)
  // A bigint and a number compare by value with ==.
  if (x !== undefined && y !== undefined) return x == y
  return JSON.stringify(a) === JSON.stringify(b)
}

/** Compares strings in UTF-8 byte order (code point order), as Firestore orders names. */
function compareStrings(a: string, b: string): number {
  return Buffer.compare(Buffer.from(a, 'utf8'), Buffer.from(b, 'utf8'))
}

/** Compares document names segment by segment (the order of query results). */
export function compareNames(a: string, b: string): number {
  const x = a.split('/')
  const y = b.split('/')
  for (let i = 0; i < x.length && i < y.length; i++) {
    const order = compareStrings(x[i] ?? '', y[i] ?? '')
    if (order !== 0) return order
  }
  return Math.sign(x.length - y.length)
}

export function cloneFields(fields: Fields): Fields {
  return structuredClone(fields)
}

export function toPlain(value: Value): PlainValue {
  if ('nullValue' in value) return null
  if ('booleanValue' in value) return value.booleanValue
  if ('integerValue' in value) return Number(value.integerValue)
  if ('doubleValue' in value) return value.doubleValue
  return value.stringValue
}

export function fromPlain(value: unknown): Value {
  if (value === null) return { nullValue: null }
  if (typeof value === 'boolean') return { booleanValue: value }
  if (typeof value === 'string') return { stringValue: value }
  if (typeof value === 'number') {
    return Number.isSafeInteger(value) && !Object.is(value, -0)
      ? { integerValue: String(value) }
      : { doubleValue: value }
  }
  throw new TypeError(`backend/ stores strings, booleans, numbers and null, not ${typeof value}`)
}

export function fieldsToPlain(fields: Fields): Record<string, PlainValue> {
  return Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, toPlain(value)]))
}

export function fieldsFromPlain(data: Record<string, unknown>): Fields {
  return Object.fromEntries(Object.entries(data).map(([key, value]) => [key, fromPlain(value)]))
}
