const ID_ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789'

/**
 * A 20-character random document id, the form Firestore's own `doc(collection(…)).id` takes,
 * made without loading the database client, so a task exists before anything is written.
 */
export function newDocumentId(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(40))
  let id = ''
  // Rejection sampling keeps every character equally likely (248 = 4 × 62).
  for (const byte of bytes) {
    if (byte < 248) id += ID_ALPHABET[byte % 62] ?? ''
    if (id.length === 20) return id
  }
  return id + newDocumentId().slice(id.length)
}
