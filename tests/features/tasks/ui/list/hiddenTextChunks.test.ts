import { describe, expect, it } from 'vitest'
import {
  contentChunks,
  hiddenRows,
  TEXT_CHUNK_MAX,
} from '../../../../../src/features/tasks/ui/list/hiddenTextChunks'

const idsOf = (count: number, prefix = 't') =>
  Array.from({ length: count }, (_, i) => `${prefix}${String(i)}`)

describe('hidden rows', () => {
  it('hides the rows that are not drawn, above and below the range', () => {
    const ids = idsOf(10)
    expect(hiddenRows(ids, { start: 3, end: 5 }, [0, 7, 9])).toEqual({
      above: ['t1', 't2'],
      below: ['t5', 't6', 't8'],
    })
  })
})

describe('content-defined chunks of the hidden text', () => {
  const ids = idsOf(5000, 'task-')

  it('hold every id once, in order, in chunks of bounded size', () => {
    const chunks = contentChunks(ids)
    expect(chunks.flat()).toEqual(ids)
    expect(Math.max(...chunks.map((chunk) => chunk.length))).toBeLessThanOrEqual(TEXT_CHUNK_MAX)
    expect(chunks.length).toBeGreaterThan(20)
  })

  it('change only around a row added, removed or moved', () => {
    const before = new Set(contentChunks(ids).map((chunk) => chunk.join()))
    const changed = (after: string[]) =>
      contentChunks(after).filter((chunk) => !before.has(chunk.join())).length
    expect(changed(ids.filter((id) => id !== 'task-10'))).toBeLessThanOrEqual(2)
    expect(changed([...ids.slice(0, 2500), 'new', ...ids.slice(2500)])).toBeLessThanOrEqual(2)
    expect(changed(['task-4999', ...ids.slice(0, 4999)])).toBeLessThanOrEqual(3)
  })
})
