/** A value as Firestore's REST API writes it. */
export function encoded(value: unknown): unknown
/** A value as Firestore's REST API reads it. */
export function decoded(value: unknown): unknown
/** A document's fields as Firestore's REST API reads them, as plain values. */
export function decodedFields(fields: Record<string, unknown>): Record<string, unknown>
