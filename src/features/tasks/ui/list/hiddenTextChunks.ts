import { idHash } from '../../../../lib/helpers'
import type { Range } from './listWindow'

export function hiddenRows(
  ids: readonly string[],
  range: Range,
  pinned: readonly number[],
): { above: string[]; below: string[] } {
  const drawn = new Set(pinned)
  const keep = (offset: number) => (_id: string, index: number) => !drawn.has(offset + index)
  return {
    above: ids.slice(0, range.start).filter(keep(0)),
    below: ids.slice(range.end).filter(keep(range.end)),
  }
}

export const TEXT_CHUNK_MAX = 256
/** Chunk ends depend on the ids' hashes, not positions: a change re-renders only its chunk. */
export function contentChunks(ids: readonly string[]): string[][] {
  const chunks: string[][] = []
  let chunk: string[] = []
  for (const id of ids) {
    chunk.push(id)
    if (chunk.length >= TEXT_CHUNK_MAX || (idHash(id) & 63) === 0) {
      chunks.push(chunk)
      chunk = []
    }
  }
  if (chunk.length > 0) chunks.push(chunk)
  return chunks
}
