/**
 * Firestore `Value` JSON (the REST API's proto3 JSON form): validation, canonical storage
 * form, ordering and equality as Firestore defines them, field paths, and conversion to and
 * from plain JavaScript values for tests and tooling.
 */
import { invalidArgument } from './errors'
import { type DatabaseId, parseResourceName } from './names'

export interface NullValue {
  nullValue: null
}
export interface BooleanValue {
  booleanValue: boolean
}
/** int64 as a decimal string, as the REST API sends and answers it. */
export interface IntegerValue {
  integerValue: string
}
/** A finite number, or `'NaN'`, `'Infinity'`, `'-Infinity'`, `'-0'` (not representable in JSON). */
export interface DoubleValue {
  doubleValue: number | string
}
/** RFC 3339 in UTC or with an offset, up to nanoseconds. */
export interface TimestampValue {
  timestampValue: string
}
export interface StringValue {
  stringValue: string
}
/** Base64. */
export interface BytesValue {
  bytesValue: string
}
/** A document name in the same database. */
export interface ReferenceValue {
  referenceValue: string
}
export interface GeoPointValue {
  geoPointValue: { latitude: number; longitude: number }
}
export interface ArrayValue {
  arrayValue: { values?: Value[] }
}
export interface MapValue {
  mapValue: { fields?: Fields }
}

export type Value =
  | NullValue
  | BooleanValue
  | IntegerValue
  | DoubleValue
  | TimestampValue
  | StringValue
  | BytesValue
  | ReferenceValue
  | GeoPointValue
  | ArrayValue
  | MapValue

/** A document's or a map's fields. */
export type Fields = Record<string, Value>

const MAX_DEPTH = 20
const INT64_MIN = -(2n ** 63n)
const INT64_MAX = 2n ** 63n - 1n

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
}

// ---------------------------------------------------------------------------
// Timestamps

/** A point in time as Firestore holds it. */
export interface Instant {
  seconds: number
  nanos: number
}

const RFC3339 =
  /^(\d{4})-(\d{2})-(\d{2})[Tt](\d{2}):(\d{2}):(\d{2})(?:\.(\d{1,9}))?(?:([Zz])|([+-])(\d{2}):(\d{2}))$/

/** Parses an RFC 3339 timestamp within Firestore's range (years 1 to 9999); undefined if invalid. */
export function parseTimestamp(text: string): Instant | undefined {
  const match = RFC3339.exec(text)
  if (!match) return undefined
  const [, y, mo, d, h, mi, s, fraction = '', zulu, sign, oh, om] = match
  const year = Number(y)
  const month = Number(mo)
  const day = Number(d)
  const hour = Number(h)
  const minute = Number(mi)
  const second = Number(s)
  if (year < 1 || month < 1 || month > 12 || day < 1 || hour > 23 || minute > 59 || second > 59) {
    return undefined
  }
  const date = new Date(0)
  date.setUTCFullYear(year, month - 1, day)
  if (date.getUTCMonth() !== month - 1) return undefined // e.g. February 30
  date.setUTCHours(hour, minute, second, 0)
  let seconds = Math.floor(date.getTime() / 1000)
  if (zulu === undefined) {
    const offset = (Number(oh) * 60 + Number(om)) * 60
    seconds += sign === '+' ? -offset : offset
  }
  const nanos = Number(fraction.padEnd(9, '0'))
  const instant = { seconds, nanos }
  if (compareInstants(instant, MIN_INSTANT) < 0 || compareInstants(instant, MAX_INSTANT) > 0) {
    return undefined
  }
  return instant
}

const MIN_INSTANT: Instant = { seconds: -62135596800, nanos: 0 }
const MAX_INSTANT: Instant = { seconds: 253402300799, nanos: 999999999 }

/** RFC 3339 in UTC with exactly `digits` fraction digits (0, 3, 6 or 9). */
export function formatTimestamp(instant: Instant, digits: 0 | 3 | 6 | 9 = 9): string {
  const base = new Date(instant.seconds * 1000).toISOString().slice(0, 19)
  const fraction = String(instant.nanos).padStart(9, '0').slice(0, digits)
  return `${base}${digits > 0 ? `.${fraction}` : ''}Z`
}

export function compareInstants(a: Instant, b: Instant): number {
  return a.seconds !== b.seconds ? Math.sign(a.seconds - b.seconds) : Math.sign(a.nanos - b.nanos)
}

// ---------------------------------------------------------------------------
// Validation into the canonical stored form

function checkBase64(text: string, where: string): void {
  if (!/^[A-Za-z0-9+/_-]*={0,2}$/.test(text) || text.replace(/=+$/, '').length % 4 === 1) {
    throw invalidArgument(`Invalid value at '${where}': not valid base64.`)
  }
}

function parseInteger(raw: unknown, where: string): string {
  let big: bigint
  if (typeof raw === 'number' && Number.isSafeInteger(raw)) big = BigInt(raw)
  else if (typeof raw === 'string' && /^[+-]?\d+$/.test(raw)) big = BigInt(raw)
  else throw invalidArgument(`Invalid value at '${where}' (TYPE_INT64), ${JSON.stringify(raw)}`)
  if (big < INT64_MIN || big > INT64_MAX) {
    throw invalidArgument(`Invalid value at '${where}' (TYPE_INT64): out of range.`)
  }
  return big.toString()
}

const DOUBLE_STRING = /^(?:NaN|[+-]?Infinity|[+-]?(?:\d+\.?\d*|\.\d+)(?:[eE][+-]?\d+)?)$/

function parseDouble(raw: unknown, where: string): number | string {
  if (typeof raw === 'number' && Number.isFinite(raw)) return raw
  if (typeof raw === 'string' && DOUBLE_STRING.test(raw)) {
    const number = Number(raw)
    if (Number.isNaN(number)) return 'NaN'
    if (number === Infinity) return 'Infinity'
    if (number === -Infinity) return '-Infinity'
    if (Object.is(number, -0)) return '-0'
    return number
  }
  throw invalidArgument(`Invalid value at '${where}' (TYPE_DOUBLE), ${JSON.stringify(raw)}`)
}

function parseTimestampJson(raw: unknown, where: string): string {
  if (typeof raw === 'string') {
    if (parseTimestamp(raw) === undefined) {
      throw invalidArgument(
        `Invalid value at '${where}' (type.googleapis.com/google.protobuf.Timestamp), Field '${where}', Invalid time format: ${raw}`,
      )
    }
    return raw
  }
  // The protobuf form { seconds, nanos }, which some clients send.
  if (isRecord(raw)) {
    const seconds = Number(raw.seconds ?? 0)
    const nanos = Number(raw.nanos ?? 0)
    const instant = { seconds, nanos }
    if (
      Number.isInteger(seconds) &&
      Number.isInteger(nanos) &&
      nanos >= 0 &&
      nanos <= 999999999 &&
      compareInstants(instant, MIN_INSTANT) >= 0 &&
      compareInstants(instant, MAX_INSTANT) <= 0
    ) {
      return formatTimestamp(instant)
    }
  }
  throw invalidArgument(`Invalid value at '${where}': not a timestamp.`)
}

function parseGeoPoint(raw: unknown, where: string): { latitude: number; longitude: number } {
  if (isRecord(raw)) {
    const extra = Object.keys(raw).filter((key) => key !== 'latitude' && key !== 'longitude')
    const latitude = raw.latitude ?? 0
    const longitude = raw.longitude ?? 0
    if (
      extra.length === 0 &&
      typeof latitude === 'number' &&
      typeof longitude === 'number' &&
      Math.abs(latitude) <= 90 &&
      Math.abs(longitude) <= 180
    ) {
      return { latitude, longitude }
    }
  }
  throw invalidArgument(`Invalid value at '${where}': not a geo point.`)
}

/**
 * Validates one `Value` JSON object and returns it in the stored form: as sent, except that
 * `nullValue` becomes `null`, integers become decimal strings, non-finite or negative-zero
 * doubles become their string forms, and `{seconds, nanos}` timestamps become RFC 3339.
 * Throws INVALID_ARGUMENT for unknown value types or malformed values.
 */
export function parseValue(raw: unknown, where: string, db: DatabaseId, depth = 0): Value {
  if (depth > MAX_DEPTH) throw invalidArgument(`Value at '${where}' is nested too deeply.`)
  if (!isRecord(raw)) throw invalidArgument(`Invalid value at '${where}': expected a Value object.`)
  const keys = Object.keys(raw)
  const [kind] = keys
  if (keys.length !== 1 || kind === undefined) {
    throw invalidArgument(
      `Invalid value at '${where}': a Value must have exactly one of its type fields.`,
    )
  }
  const inner = raw[kind]
  switch (kind) {
    case 'nullValue':
      if (inner === null || inner === 'NULL_VALUE' || inner === 0) return { nullValue: null }
      break
    case 'booleanValue':
      if (typeof inner === 'boolean') return { booleanValue: inner }
      break
    case 'integerValue':
      return { integerValue: parseInteger(inner, `${where}.integerValue`) }
    case 'doubleValue':
      return { doubleValue: parseDouble(inner, `${where}.doubleValue`) }
    case 'timestampValue':
      return { timestampValue: parseTimestampJson(inner, `${where}.timestampValue`) }
    case 'stringValue':
      if (typeof inner === 'string') return { stringValue: inner }
      break
    case 'bytesValue':
      if (typeof inner === 'string') {
        checkBase64(inner, `${where}.bytesValue`)
        return { bytesValue: inner }
      }
      break
    case 'referenceValue': {
      const parsed = parseResourceName(inner)
      if (
        parsed.db.project !== db.project ||
        parsed.db.database !== db.database ||
        parsed.path.length === 0 ||
        parsed.path.length % 2 !== 0
      ) {
        throw invalidArgument(
          `Invalid value at '${where}': a reference must name a document in this database.`,
        )
      }
      return { referenceValue: inner as string }
    }
    case 'geoPointValue':
      return { geoPointValue: parseGeoPoint(inner, `${where}.geoPointValue`) }
    case 'arrayValue': {
      if (!isRecord(inner)) break
      const extra = Object.keys(inner).filter((key) => key !== 'values')
      if (extra.length > 0) break
      if (inner.values === undefined) return { arrayValue: {} }
      if (!Array.isArray(inner.values)) break
      const values = (inner.values as unknown[]).map((item, index) => {
        const value = parseValue(item, `${where}.arrayValue.values[${index}]`, db, depth + 1)
        if ('arrayValue' in value) {
          throw invalidArgument(
            `Invalid value at '${where}': an array cannot directly contain an array.`,
          )
        }
        return value
      })
      return { arrayValue: { values } }
    }
    case 'mapValue': {
      if (!isRecord(inner)) break
      const extra = Object.keys(inner).filter((key) => key !== 'fields')
      if (extra.length > 0) break
      if (inner.fields === undefined) return { mapValue: {} }
      return {
        mapValue: { fields: parseFields(inner.fields, `${where}.mapValue.fields`, db, depth + 1) },
      }
    }
    default:
      throw invalidArgument(
        `Invalid value at '${where}': unknown or unsupported value type "${kind}".`,
      )
  }
  throw invalidArgument(`Invalid value at '${where}.${kind}': ${JSON.stringify(inner)}`)
}

/** Validates a `fields` object (document or map) into its stored form. */
export function parseFields(raw: unknown, where: string, db: DatabaseId, depth = 0): Fields {
  if (!isRecord(raw))
    throw invalidArgument(`Invalid value at '${where}': expected an object of fields.`)
  const fields: Fields = {}
  for (const [key, value] of Object.entries(raw)) {
    if (key === '') throw invalidArgument(`Invalid field name at '${where}': empty.`)
    fields[key] = parseValue(value, `${where}[${JSON.stringify(key)}]`, db, depth)
  }
  return fields
}

// ---------------------------------------------------------------------------
// Ordering and equality (Firestore's cross-type value order)

/** The rank of a value's type in Firestore's cross-type order (numbers share one rank). */
export function typeOrder(value: Value): number {
  if ('nullValue' in value) return 0
  if ('booleanValue' in value) return 1
  if ('integerValue' in value || 'doubleValue' in value) return 2
  if ('timestampValue' in value) return 3
  if ('stringValue' in value) return 4
  if ('bytesValue' in value) return 5
  if ('referenceValue' in value) return 6
  if ('geoPointValue' in value) return 7
  if ('arrayValue' in value) return 8
  return 9
}

/** A double value as a number (NaN, ±Infinity and -0 included). */
export function doubleOf(value: DoubleValue): number {
  return typeof value.doubleValue === 'number' ? value.doubleValue : Number(value.doubleValue)
}

/** Any numeric value as a JavaScript number (integers beyond 2^53 lose precision). */
export function numberOf(value: IntegerValue | DoubleValue): number {
  return 'integerValue' in value ? Number(value.integerValue) : doubleOf(value)
}

/** A number as a `doubleValue` (non-finite numbers and -0 in their string forms). */
export function toDoubleValue(number: number): DoubleValue {
  if (Number.isNaN(number)) return { doubleValue: 'NaN' }
  if (!Number.isFinite(number)) return { doubleValue: number > 0 ? 'Infinity' : '-Infinity' }
  return { doubleValue: Object.is(number, -0) ? '-0' : number }
}

export function isNaNValue(value: Value): boolean {
  return 'doubleValue' in value && Number.isNaN(doubleOf(value))
}

function compareNumbers(a: IntegerValue | DoubleValue, b: IntegerValue | DoubleValue): number {
  if ('integerValue' in a && 'integerValue' in b) {
    const x = BigInt(a.integerValue)
    const y = BigInt(b.integerValue)
    return x === y ? 0 : x < y ? -1 : 1
  }
  const x = numberOf(a)
  const y = numberOf(b)
  if (Number.isNaN(x)) return Number.isNaN(y) ? 0 : -1
  if (Number.isNaN(y)) return 1
  return x === y ? 0 : x < y ? -1 : 1
}

/** Compares strings in UTF-8 byte order (code point order), as Firestore does. */
export function compareStrings(a: string, b: string): number {
  let i = 0
  while (i < a.length && i < b.length) {
    const x = a.codePointAt(i) ?? 0
    const y = b.codePointAt(i) ?? 0
    if (x !== y) return x < y ? -1 : 1
    i += x > 0xffff ? 2 : 1
  }
  return Math.sign(a.length - b.length)
}

export function base64ToBytes(text: string): Uint8Array {
  const standard = text.replace(/=+$/, '').replace(/-/g, '+').replace(/_/g, '/')
  const binary = atob(standard + '='.repeat((4 - (standard.length % 4)) % 4))
  return Uint8Array.from(binary, (char) => char.charCodeAt(0))
}

function compareBytes(a: Uint8Array, b: Uint8Array): number {
  for (let i = 0; i < a.length && i < b.length; i++) {
    const x = a[i] ?? 0
    const y = b[i] ?? 0
    if (x !== y) return x < y ? -1 : 1
  }
  return Math.sign(a.length - b.length)
}

/** Compares document names segment by segment. */
export function compareNames(a: string, b: string): number {
  const x = a.split('/')
  const y = b.split('/')
  for (let i = 0; i < x.length && i < y.length; i++) {
    const order = compareStrings(x[i] ?? '', y[i] ?? '')
    if (order !== 0) return order
  }
  return Math.sign(x.length - y.length)
}

function timestampOf(value: TimestampValue): Instant {
  return parseTimestamp(value.timestampValue) ?? { seconds: 0, nanos: 0 }
}

/** Firestore's total order over values: by type first, then within the type. */
export function compareValues(a: Value, b: Value): number {
  const typeA = typeOrder(a)
  const typeB = typeOrder(b)
  if (typeA !== typeB) return typeA < typeB ? -1 : 1
  if ('booleanValue' in a && 'booleanValue' in b) {
    return a.booleanValue === b.booleanValue ? 0 : a.booleanValue ? 1 : -1
  }
  if (('integerValue' in a || 'doubleValue' in a) && ('integerValue' in b || 'doubleValue' in b)) {
    return compareNumbers(a, b)
  }
  if ('timestampValue' in a && 'timestampValue' in b) {
    return compareInstants(timestampOf(a), timestampOf(b))
  }
  if ('stringValue' in a && 'stringValue' in b) return compareStrings(a.stringValue, b.stringValue)
  if ('bytesValue' in a && 'bytesValue' in b) {
    return compareBytes(base64ToBytes(a.bytesValue), base64ToBytes(b.bytesValue))
  }
  if ('referenceValue' in a && 'referenceValue' in b) {
    return compareNames(a.referenceValue, b.referenceValue)
  }
  if ('geoPointValue' in a && 'geoPointValue' in b) {
    const { latitude: la, longitude: lo } = a.geoPointValue
    const { latitude: lb, longitude: lob } = b.geoPointValue
    return la !== lb ? Math.sign(la - lb) : Math.sign(lo - lob)
  }
  if ('arrayValue' in a && 'arrayValue' in b) {
    const x = a.arrayValue.values ?? []
    const y = b.arrayValue.values ?? []
    for (let i = 0; i < x.length && i < y.length; i++) {
      const xi = x[i]
      const yi = y[i]
      if (xi === undefined || yi === undefined) break
      const order = compareValues(xi, yi)
      if (order !== 0) return order
    }
    return Math.sign(x.length - y.length)
  }
  if ('mapValue' in a && 'mapValue' in b) {
    const x = Object.entries(a.mapValue.fields ?? {}).sort(([k1], [k2]) => compareStrings(k1, k2))
    const y = Object.entries(b.mapValue.fields ?? {}).sort(([k1], [k2]) => compareStrings(k1, k2))
    for (let i = 0; i < x.length && i < y.length; i++) {
      const xi = x[i]
      const yi = y[i]
      if (xi === undefined || yi === undefined) break
      const keyOrder = compareStrings(xi[0], yi[0])
      if (keyOrder !== 0) return keyOrder
      const order = compareValues(xi[1], yi[1])
      if (order !== 0) return order
    }
    return Math.sign(x.length - y.length)
  }
  return 0 // both null
}

export function valuesEqual(a: Value, b: Value): boolean {
  return compareValues(a, b) === 0
}

// ---------------------------------------------------------------------------
// Field paths

const SIMPLE_SEGMENT = /^[a-zA-Z_][a-zA-Z_0-9]*$/

/** Parses a field path as the API writes it: `a.b`, `` `my-field`.x ``, `__name__`. */
export function parseFieldPath(text: unknown): string[] {
  if (typeof text !== 'string' || text === '')
    throw invalidArgument('A field path must be a non-empty string.')
  const segments: string[] = []
  let i = 0
  for (;;) {
    let segment = ''
    if (text[i] === '`') {
      i++
      for (;;) {
        const char = text[i]
        if (char === undefined)
          throw invalidArgument(`Invalid field path "${text}": unterminated quote.`)
        i++
        if (char === '`') break
        if (char === '\\') {
          const escaped = text[i]
          if (escaped === undefined) throw invalidArgument(`Invalid field path "${text}".`)
          segment += escaped
          i++
        } else segment += char
      }
      if (segment === '') throw invalidArgument(`Invalid field path "${text}": empty segment.`)
    } else {
      const end = text.indexOf('.', i)
      segment = end < 0 ? text.slice(i) : text.slice(i, end)
      i = end < 0 ? text.length : end
      if (!SIMPLE_SEGMENT.test(segment)) {
        throw invalidArgument(
          `Invalid field path "${text}": "${segment}" must be quoted with backticks.`,
        )
      }
    }
    segments.push(segment)
    if (i >= text.length) return segments
    if (text[i] !== '.') throw invalidArgument(`Invalid field path "${text}".`)
    i++
  }
}

export function formatFieldPath(segments: readonly string[]): string {
  return segments
    .map((segment) =>
      SIMPLE_SEGMENT.test(segment) ? segment : `\`${segment.replace(/[\\`]/g, '\\$&')}\``,
    )
    .join('.')
}

/** The value at a field path, or undefined where any segment is missing. */
export function getField(fields: Fields, path: readonly string[]): Value | undefined {
  let current: Fields | undefined = fields
  let value: Value | undefined
  for (const segment of path) {
    if (current === undefined) return undefined
    value = current[segment]
    if (value === undefined) return undefined
    current = 'mapValue' in value ? (value.mapValue.fields ?? {}) : undefined
  }
  return value
}

/** Sets the value at a field path in place, creating (or replacing non-map) parents. */
export function setField(fields: Fields, path: readonly string[], value: Value): void {
  const [head, ...rest] = path
  if (head === undefined) return
  if (rest.length === 0) {
    fields[head] = value
    return
  }
  let child = fields[head]
  if (child === undefined || !('mapValue' in child)) {
    child = { mapValue: { fields: {} } }
    fields[head] = child
  }
  child.mapValue.fields ??= {}
  setField(child.mapValue.fields, rest, value)
}

/** Removes the value at a field path in place (nothing happens if it is missing). */
export function deleteField(fields: Fields, path: readonly string[]): void {
  const [head, ...rest] = path
  if (head === undefined) return
  if (rest.length === 0) {
    // eslint-disable-next-line @typescript-eslint/no-dynamic-delete -- fields are a string-keyed record
    delete fields[head]
    return
  }
  const child = fields[head]
  if (child !== undefined && 'mapValue' in child && child.mapValue.fields) {
    deleteField(child.mapValue.fields, rest)
  }
}

export function cloneFields(fields: Fields): Fields {
  return structuredClone(fields)
}

// ---------------------------------------------------------------------------
// Plain JavaScript values (for tests, the admin API and seeding)

/** A JSON-safe plain rendering of a stored value (integers beyond 2^53 stay strings). */
export type PlainValue =
  null | boolean | number | string | PlainValue[] | { [key: string]: PlainValue }

/**
 * Converts a value to plain JSON: integers to numbers (strings beyond 2^53), special doubles to
 * `'NaN'`/`'Infinity'`/`'-Infinity'`, timestamps, bytes and references to their strings,
 * geo points to `{latitude, longitude}`.
 */
export function toPlain(value: Value): PlainValue {
  if ('nullValue' in value) return null
  if ('booleanValue' in value) return value.booleanValue
  if ('integerValue' in value) {
    const number = Number(value.integerValue)
    return Number.isSafeInteger(number) ? number : value.integerValue
  }
  if ('doubleValue' in value) {
    const number = doubleOf(value)
    return Number.isFinite(number) ? number : String(number)
  }
  if ('timestampValue' in value) return value.timestampValue
  if ('stringValue' in value) return value.stringValue
  if ('bytesValue' in value) return value.bytesValue
  if ('referenceValue' in value) return value.referenceValue
  if ('geoPointValue' in value) return { ...value.geoPointValue }
  if ('arrayValue' in value) return (value.arrayValue.values ?? []).map(toPlain)
  return fieldsToPlain(value.mapValue.fields ?? {})
}

export function fieldsToPlain(fields: Fields): Record<string, PlainValue> {
  const plain: Record<string, PlainValue> = {}
  for (const [key, value] of Object.entries(fields)) plain[key] = toPlain(value)
  return plain
}

/**
 * Encodes a plain value the way the SDK would: integers as `integerValue`, other numbers as
 * `doubleValue`, `Date` as `timestampValue`, arrays and plain objects as arrays and maps.
 */
export function fromPlain(value: unknown): Value {
  if (value === null || value === undefined) return { nullValue: null }
  if (typeof value === 'boolean') return { booleanValue: value }
  if (typeof value === 'number') {
    if (Number.isSafeInteger(value) && !Object.is(value, -0)) return { integerValue: String(value) }
    return toDoubleValue(value)
  }
  if (typeof value === 'bigint') return { integerValue: value.toString() }
  if (typeof value === 'string') return { stringValue: value }
  if (value instanceof Date) {
    const ms = value.getTime()
    return {
      timestampValue: formatTimestamp({
        seconds: Math.floor(ms / 1000),
        nanos: (((ms % 1000) + 1000) % 1000) * 1e6,
      }),
    }
  }
  if (Array.isArray(value)) return { arrayValue: { values: value.map(fromPlain) } }
  if (isRecord(value)) return { mapValue: { fields: fieldsFromPlain(value) } }
  throw new TypeError(`Cannot encode ${typeof value} as a Firestore value`)
}

export function fieldsFromPlain(data: Record<string, unknown>): Fields {
  const fields: Fields = {}
  for (const [key, value] of Object.entries(data)) fields[key] = fromPlain(value)
  return fields
}
