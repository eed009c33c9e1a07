/** A reason the saved data cannot be read, said as it is to the developer. */
export declare class Damaged extends Error {}
/** CRC-32C (Castagnoli), continuing from `crc`. */
export declare function crc32c(bytes: Iterable<number>, crc?: number): number
/** The records of a LevelDB log file, each checksum checked; throws {@link Damaged}. */
export declare function logRecords(buffer: Buffer, name: string): Buffer[]
/** A protocol buffer message's fields in order: numbers for varints, Buffers for the rest. */
export declare function protoFields(
  buffer: Buffer,
  name: string,
): [number, number | Buffer | null][]
