// Values as Firestore's REST API writes and reads them: for the scripts and tests that store
// or read documents past the rules, as the emulators' admin.

/** A value as Firestore's REST API writes it. */
export function encoded(value) {
  if (value === null) return { nullValue: null }
  if (typeof value === 'boolean') return { booleanValue: value }
  if (typeof value === 'number') {
    return Number.isInteger(value) ? { integerValue: String(value) } : { doubleValue: value }
  }
  if (Array.isArray(value)) return { arrayValue: { values: value.map(encoded) } }
  if (typeof value === 'object') {
    return {
      mapValue: {
        fields: Object.fromEntries(Object.entries(value).map(([k, v]) => [k, encoded(v)])),
      },
    }
  }
  return { stringValue: String(value) }
}

/** A value as Firestore's REST API reads it. */
export function decoded(value) {
  if ('nullValue' in value) return null
  if ('booleanValue' in value) return value.booleanValue
  if ('integerValue' in value) return Number(value.integerValue)
  if ('doubleValue' in value) return value.doubleValue
  if ('arrayValue' in value) return (value.arrayValue.values ?? []).map(decoded)
  if ('mapValue' in value) return decodedFields(value.mapValue.fields ?? {})
  if ('stringValue' in value) return value.stringValue
  if ('timestampValue' in value) return value.timestampValue
  return value
}

export const decodedFields = (fields) =>
  Object.fromEntries(Object.entries(fields).map(([key, value]) => [key, decoded(value)]))
