import { describe, expect, it } from 'vitest'

import { FirestoreError } from '../../backend/firestore/errors'
import {
  type Value,
  compareValues,
  fieldsFromPlain,
  fieldsToPlain,
  formatFieldPath,
  formatTimestamp,
  getField,
  parseFieldPath,
  parseTimestamp,
  parseValue,
  setField,
  deleteField,
} from '../../backend/firestore/values'
import { ROOT } from './helpers'

const db = { project: 'demo-todo', database: '(default)' }

function invalid(raw: unknown): FirestoreError {
  try {
    parseValue(raw, 'field', db)
  } catch (error) {
    if (error instanceof FirestoreError) return error
    throw error
  }
  throw new Error(`accepted ${JSON.stringify(raw)}`)
}

describe('parseValue', () => {
  it.each<[string, unknown]>([
    ['string', { stringValue: 'héllo 👋' }],
    ['boolean', { booleanValue: true }],
    ['integer', { integerValue: '-9223372036854775808' }],
    ['double', { doubleValue: 1.5 }],
    ['NaN', { doubleValue: 'NaN' }],
    ['Infinity', { doubleValue: 'Infinity' }],
    ['-Infinity', { doubleValue: '-Infinity' }],
    ['-0', { doubleValue: '-0' }],
    ['null', { nullValue: null }],
    ['timestamp', { timestampValue: '1970-01-01T00:20:34.567000000Z' }],
    ['timestamp with offset', { timestampValue: '2024-02-29T23:59:59.1+02:00' }],
    ['bytes', { bytesValue: 'AQID' }],
    ['reference', { referenceValue: `${ROOT}/x/y` }],
    ['geo point', { geoPointValue: { latitude: -90, longitude: 180 } }],
    ['empty array', { arrayValue: {} }],
    ['array', { arrayValue: { values: [{ integerValue: '1' }, { mapValue: {} }] } }],
    ['empty map', { mapValue: {} }],
    [
      'nested map',
      { mapValue: { fields: { 'a-b': { mapValue: { fields: { c: { nullValue: null } } } } } } },
    ],
  ])('keeps a valid %s value as sent', (_, raw) => {
    expect(parseValue(raw, 'field', db)).toEqual(raw)
  })

  it.each<[string, unknown, Value]>([
    ['NULL_VALUE', { nullValue: 'NULL_VALUE' }, { nullValue: null }],
    ['integer numbers', { integerValue: 42 }, { integerValue: '42' }],
    ['integer strings', { integerValue: '+007' }, { integerValue: '7' }],
    ['numeric double strings', { doubleValue: '2.5' }, { doubleValue: 2.5 }],
    [
      'protobuf timestamps',
      { timestampValue: { seconds: 1, nanos: 5 } },
      { timestampValue: '1970-01-01T00:00:01.000000005Z' },
    ],
    [
      'geo points with zero omitted',
      { geoPointValue: {} },
      { geoPointValue: { latitude: 0, longitude: 0 } },
    ],
  ])('normalizes %s', (_, raw, stored) => {
    expect(parseValue(raw, 'field', db)).toEqual(stored)
  })

  it.each<[string, unknown]>([
    ['an unknown type', { decimalValue: '1.0' }],
    ['two types', { stringValue: 'a', booleanValue: true }],
    ['no type', {}],
    ['a bare string', 'text'],
    ['null', null],
    ['a number as string', { stringValue: 5 }],
    ['a string as boolean', { booleanValue: 'true' }],
    ['an out-of-range integer', { integerValue: '9223372036854775808' }],
    ['a fractional integer', { integerValue: '1.5' }],
    ['an unsafe integer number', { integerValue: 2 ** 60 }],
    ['a non-numeric double', { doubleValue: 'abc' }],
    ['a bad timestamp', { timestampValue: '2024-02-30T00:00:00Z' }],
    ['a timestamp without zone', { timestampValue: '2024-01-01T00:00:00' }],
    ['a timestamp out of range', { timestampValue: '0000-12-31T23:59:59Z' }],
    ['bad base64', { bytesValue: 'not base64!' }],
    [
      'a reference to another project',
      { referenceValue: 'projects/x/databases/(default)/documents/a/b' },
    ],
    ['a reference to a collection', { referenceValue: `${ROOT}/a` }],
    ['a latitude out of range', { geoPointValue: { latitude: 91, longitude: 0 } }],
    ['an array in an array', { arrayValue: { values: [{ arrayValue: {} }] } }],
    ['an array without values list', { arrayValue: { values: 'x' } }],
    ['a map with extra keys', { mapValue: { fields: {}, other: 1 } }],
    ['a bad nested value', { mapValue: { fields: { a: { fooValue: 1 } } } }],
  ])('rejects %s with INVALID_ARGUMENT', (_, raw) => {
    const error = invalid(raw)
    expect(error.status).toBe('INVALID_ARGUMENT')
    expect(error.httpStatus).toBe(400)
  })

  it('rejects values nested deeper than 20 levels', () => {
    let value: unknown = { nullValue: null }
    for (let i = 0; i < 22; i++) value = { mapValue: { fields: { a: value } } }
    expect(invalid(value).status).toBe('INVALID_ARGUMENT')
  })
})

describe('compareValues', () => {
  const ordered: Value[] = [
    { nullValue: null },
    { booleanValue: false },
    { booleanValue: true },
    { doubleValue: 'NaN' },
    { doubleValue: '-Infinity' },
    { integerValue: '-5' },
    { doubleValue: 1.5 },
    { integerValue: '2' },
    { doubleValue: 'Infinity' },
    { timestampValue: '1970-01-01T00:00:00Z' },
    { timestampValue: '1970-01-01T00:00:00.000001Z' },
    { stringValue: '' },
    { stringValue: 'B' },
    { stringValue: 'a' },
    { stringValue: '\uffff' },
    { stringValue: '😀' }, // a surrogate pair sorts after U+FFFF in UTF-8 order
    { bytesValue: 'AA==' },
    { bytesValue: 'AQ==' },
    { referenceValue: `${ROOT}/a/1` },
    { referenceValue: `${ROOT}/b/1` },
    { geoPointValue: { latitude: 0, longitude: 1 } },
    { geoPointValue: { latitude: 1, longitude: 0 } },
    { arrayValue: {} },
    { arrayValue: { values: [{ integerValue: '1' }] } },
    { mapValue: {} },
    { mapValue: { fields: { a: { integerValue: '1' } } } },
  ]

  it('orders values by type, then within the type, as Firestore does', () => {
    const shuffled = [...ordered].reverse()
    expect(shuffled.sort(compareValues)).toEqual(ordered)
  })

  it('treats equal integers and doubles, and 0 and -0, as equal', () => {
    expect(compareValues({ integerValue: '1' }, { doubleValue: 1 })).toBe(0)
    expect(compareValues({ doubleValue: '-0' }, { integerValue: '0' })).toBe(0)
    expect(
      compareValues(
        { timestampValue: '1970-01-01T00:00:01.5Z' },
        { timestampValue: '1970-01-01T01:00:01.500+01:00' },
      ),
    ).toBe(0)
  })
})

describe('field paths', () => {
  it.each<[string, string[]]>([
    ['a', ['a']],
    ['a.b_c.d1', ['a', 'b_c', 'd1']],
    ['`a-b`.c', ['a-b', 'c']],
    ['`a\\`b`', ['a`b']],
    ['`a.b`', ['a.b']],
    ['__name__', ['__name__']],
  ])('parses %s and formats it back', (text, segments) => {
    expect(parseFieldPath(text)).toEqual(segments)
    expect(formatFieldPath(segments)).toBe(text)
  })

  it.each(['', 'a..b', 'a-b', '`unterminated', '.a', 'a.'])('rejects %j', (text) => {
    expect(() => parseFieldPath(text)).toThrow(FirestoreError)
  })

  it('gets, sets and deletes nested fields', () => {
    const fields = fieldsFromPlain({ a: { b: 1 }, c: 'x' })
    expect(getField(fields, ['a', 'b'])).toEqual({ integerValue: '1' })
    expect(getField(fields, ['c', 'd'])).toBeUndefined()
    setField(fields, ['c', 'd'], { booleanValue: true })
    setField(fields, ['a', 'e'], { nullValue: null })
    deleteField(fields, ['a', 'b'])
    expect(fieldsToPlain(fields)).toEqual({ a: { e: null }, c: { d: true } })
  })
})

describe('timestamps', () => {
  it('parses RFC 3339 with offsets and up to nanoseconds', () => {
    expect(parseTimestamp('2026-01-01T00:00:00.123456789Z')).toEqual({
      seconds: 1767225600,
      nanos: 123456789,
    })
    expect(parseTimestamp('2026-01-01T02:00:00+02:00')).toEqual({ seconds: 1767225600, nanos: 0 })
    expect(parseTimestamp('2026-13-01T00:00:00Z')).toBeUndefined()
    expect(formatTimestamp({ seconds: 1767225600, nanos: 1000 }, 6)).toBe(
      '2026-01-01T00:00:00.000001Z',
    )
  })
})

describe('plain conversion', () => {
  it('encodes like the SDK and decodes back', () => {
    const date = new Date('2026-01-01T00:00:00.250Z')
    const fields = fieldsFromPlain({
      s: 's',
      i: 3,
      d: 0.5,
      b: false,
      n: null,
      t: date,
      a: [1, 'x'],
      m: { k: -0 },
    })
    expect(fields).toEqual({
      s: { stringValue: 's' },
      i: { integerValue: '3' },
      d: { doubleValue: 0.5 },
      b: { booleanValue: false },
      n: { nullValue: null },
      t: { timestampValue: '2026-01-01T00:00:00.250000000Z' },
      a: { arrayValue: { values: [{ integerValue: '1' }, { stringValue: 'x' }] } },
      m: { mapValue: { fields: { k: { doubleValue: '-0' } } } },
    })
    expect(fieldsToPlain(fields)).toEqual({
      s: 's',
      i: 3,
      d: 0.5,
      b: false,
      n: null,
      t: '2026-01-01T00:00:00.250000000Z',
      a: [1, 'x'],
      m: { k: -0 },
    })
  })
})
