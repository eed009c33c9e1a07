// The two binary formats of a Firestore emulator export, read without any dependency so that
// `npm start` can tell a whole export from a damaged one before the emulator sees it (given a
// damaged one, the emulator either exits with "Invalid record" or, when a file is empty,
// starts with no data at all, silently).
//
// - LevelDB's log format (the export's data files and its overall metadata): 32 KiB blocks of
//   records, each `crc32c (4, masked) | length (2) | type (1) | data`; a record longer than a
//   block's room is cut into FIRST, MIDDLE… and LAST parts; fewer than 7 bytes left in a block
//   are zero padding. https://github.com/google/leveldb/blob/main/doc/log_format.md
// - Protocol buffers' wire format (the metadata inside those records).

const BLOCK = 32768
const HEADER = 7
const [FULL, FIRST, MIDDLE, LAST] = [1, 2, 3, 4]

/** A reason the saved data cannot be read, said as it is to the developer. */
export class Damaged extends Error {}

const CRC_TABLE = Array.from({ length: 256 }, (_, byte) => {
  let crc = byte
  for (let bit = 0; bit < 8; bit++) crc = crc & 1 ? (crc >>> 1) ^ 0x82f63b78 : crc >>> 1
  return crc >>> 0
})

/** CRC-32C (Castagnoli), as LevelDB checks its records; Node's zlib only has CRC-32. */
export function crc32c(bytes, crc = 0) {
  let value = ~crc >>> 0
  for (const byte of bytes) value = CRC_TABLE[(value ^ byte) & 0xff] ^ (value >>> 8)
  return ~value >>> 0
}

/** LevelDB stores its checksums rotated and offset, so a record holding CRCs stays checkable. */
const masked = (crc) => (((crc >>> 15) | (crc << 17)) + 0xa282ead8) >>> 0

/**
 * The records of a log file, each checksum checked. `name` is the file's name in the messages.
 * Throws {@link Damaged} on a wrong checksum, a record cut short or parts out of order.
 */
export function logRecords(buffer, name) {
  const records = []
  let parts = null
  let at = 0
  while (at < buffer.length) {
    const room = BLOCK - (at % BLOCK)
    if (room < HEADER) {
      at += room
      continue
    }
    if (buffer.length - at < HEADER) throw new Damaged(`${name} is cut short at byte ${at}`)
    const length = buffer.readUInt16LE(at + 4)
    const type = buffer[at + 6]
    const end = at + HEADER + length
    if (end > buffer.length) throw new Damaged(`${name} is cut short at byte ${buffer.length}`)
    if (length > room - HEADER) throw new Damaged(`${name} has a broken record at byte ${at}`)
    const data = buffer.subarray(at + HEADER, end)
    if (masked(crc32c(data, crc32c([type]))) !== buffer.readUInt32LE(at)) {
      throw new Damaged(`${name} has a wrong checksum at byte ${at}`)
    }
    if (type === FULL || type === FIRST) {
      if (parts !== null) throw new Damaged(`${name} has an unfinished record before byte ${at}`)
      if (type === FULL) records.push(data)
      else parts = [data]
    } else if ((type === MIDDLE || type === LAST) && parts !== null) {
      parts.push(data)
      if (type === LAST) {
        records.push(Buffer.concat(parts))
        parts = null
      }
    } else {
      throw new Damaged(`${name} has a record of unknown kind at byte ${at}`)
    }
    at = end
  }
  if (parts !== null) throw new Damaged(`${name} ends in the middle of a record`)
  return records
}

/**
 * The fields of a protocol buffer message, as `[number, value]` pairs in order: a number for
 * varints (exact below 2^53), a Buffer for length-delimited fields. Throws {@link Damaged}.
 */
export function protoFields(buffer, name) {
  const fields = []
  let at = 0
  const varint = () => {
    let value = 0
    for (let shift = 0; ; shift += 7) {
      if (at >= buffer.length || shift > 63) throw new Damaged(`${name} is not a valid message`)
      const byte = buffer[at++]
      value += (byte & 0x7f) * 2 ** shift
      if (byte < 0x80) return value
    }
  }
  while (at < buffer.length) {
    const key = varint()
    const [number, wire] = [Math.floor(key / 8), key % 8]
    let value
    if (wire === 0) value = varint()
    else if (wire === 2) {
      const length = varint()
      if (at + length > buffer.length) throw new Damaged(`${name} is not a valid message`)
      value = buffer.subarray(at, at + length)
      at += length
    } else if (wire === 1 || wire === 5) {
      at += wire === 1 ? 8 : 4
      value = null
    } else throw new Damaged(`${name} is not a valid message`)
    fields.push([number, value])
  }
  return fields
}
