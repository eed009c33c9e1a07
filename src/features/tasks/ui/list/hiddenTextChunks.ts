/**
 * The text of the rows a windowed list does not draw, kept in the page for find-in-page: which
 * rows those are, and the chunks their text is rendered in.
 */
import { idHash } from '../../../../lib/helpers'
import type { Range } from './listWindow'

/** The rows that are not drawn: those above the window, and those below it. */
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

/** Chunks of the hidden rows' text end after at most this many rows. */
export const TEXT_CHUNK_MAX = 256

/**
 * `ids` in chunks whose ends depend on the ids themselves (a chunk ends after an id whose hash
 * is a multiple of 64, so about every 64 rows), not on positions: adding, removing or moving a
 * row changes only the chunks around it, so only those are rendered again.
 */
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
