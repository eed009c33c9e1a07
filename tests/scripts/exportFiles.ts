import { cpSync, mkdirSync, mkdtempSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { crc32c } from '../../scripts/leveldb-log.mjs'

// Exports for the tests of scripts/saved-data.mjs and scripts/saving.mjs: the real ones in
// fixtures/saved/ (made by Google's emulator jar and by the Auth emulator: 3 tasks, 1 account),
// and any other written here in the same format, for what the fixtures do not show.

export const FIXTURES = join(import.meta.dirname, 'fixtures/saved')
export const KIND_FOLDER = 'firestore_export/all_namespaces/all_kinds'
export const OUTPUT = `${KIND_FOLDER}/output-0`
export const OVERALL = 'firestore_export/firestore_export.overall_export_metadata'

export const scratch = () => mkdtempSync(join(tmpdir(), 'todo-saving-'))

/** A copy of a fixture store ('firestore' or 'auth') at `dir`. */
export function copyFixture(name: 'firestore' | 'auth', dir: string): string {
  cpSync(join(FIXTURES, name), dir, { recursive: true })
  return dir
}

const varint = (value: number): Buffer => {
  const bytes: number[] = []
  let rest = value
  while (rest > 127) {
    bytes.push((rest & 127) | 128)
    rest = Math.floor(rest / 128)
  }
  bytes.push(rest)
  return Buffer.from(bytes)
}
const bytesField = (number: number, value: Buffer | string) => {
  const data = Buffer.from(value)
  return Buffer.concat([varint(number * 8 + 2), varint(data.length), data])
}
const numberField = (number: number, value: number) =>
  Buffer.concat([varint(number * 8), varint(value)])

/** LevelDB's log format, each record cut across 32 KiB blocks as LevelDB writes it. */
export function logFile(records: Buffer[]): Buffer {
  const out: Buffer[] = []
  let at = 0
  const put = (type: number, data: Buffer) => {
    const header = Buffer.alloc(7)
    const crc = crc32c(data, crc32c([type]))
    header.writeUInt32LE((((crc >>> 15) | (crc << 17)) + 0xa282ead8) >>> 0, 0)
    header.writeUInt16LE(data.length, 4)
    header[6] = type
    out.push(header, data)
    at += 7 + data.length
  }
  for (const record of records) {
    let rest = record
    let first = true
    do {
      let room = 32768 - (at % 32768)
      if (room < 7) {
        out.push(Buffer.alloc(room))
        at += room
        room = 32768
      }
      const piece = rest.subarray(0, room - 7)
      rest = rest.subarray(piece.length)
      const last = rest.length === 0
      put(first ? (last ? 1 : 2) : last ? 4 : 3, piece)
      first = false
    } while (rest.length > 0)
  }
  return Buffer.concat(out)
}

/** A whole Firestore export in `dir` (a store folder) holding `documents` as they are. */
export function writeFirestoreExport(dir: string, documents: Buffer[]): string {
  mkdirSync(join(dir, KIND_FOLDER), { recursive: true })
  const output = logFile(documents)
  writeFileSync(join(dir, OUTPUT), output)
  writeFileSync(
    join(dir, KIND_FOLDER, 'all_namespaces_all_kinds.export_metadata'),
    Buffer.concat([
      bytesField(1, bytesField(1, 'firestore_export')),
      bytesField(2, Buffer.concat([bytesField(1, ''), bytesField(2, 'output-0')])),
    ]),
  )
  const part = Buffer.concat([
    bytesField(2, 'all_namespaces/all_kinds/all_namespaces_all_kinds.export_metadata'),
    numberField(3, documents.length),
    numberField(4, output.length),
  ])
  writeFileSync(
    join(dir, OVERALL),
    logFile([Buffer.from('3'), documents.length > 0 ? bytesField(1, part) : Buffer.alloc(0)]),
  )
  return dir
}
