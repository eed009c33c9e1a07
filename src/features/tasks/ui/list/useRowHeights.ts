import { useCallback, useLayoutEffect, useRef, useState, type RefObject } from 'react'
import { DEFAULT_ROW_GAP } from './listWindow'

/** A row is measured once drawn, and its height kept while it is not. */
export function useRowHeights(listRef: RefObject<HTMLUListElement | null>, windowed: boolean) {
  const [heights, setHeights] = useState<ReadonlyMap<string, number>>(() => new Map())
  const [gap, setGap] = useState(DEFAULT_ROW_GAP)
  const observer = useRef<ResizeObserver | null>(null)
  const observed = useRef(new Set<Element>())
  useLayoutEffect(() => {
    if (!windowed || typeof ResizeObserver === 'undefined') return
    const watching = observed.current
    const resizeObserver = new ResizeObserver((entries) => {
      setHeights((previous) => {
        let next: Map<string, number> | null = null
        for (const entry of entries) {
          const id = entry.target instanceof HTMLElement ? entry.target.dataset.taskId : undefined
          const height = entry.borderBoxSize[0]?.blockSize ?? 0
          // 0: the row has just left the page.
          if (id === undefined || height <= 0 || previous.get(id) === height) continue
          next ??= new Map(previous)
          next.set(id, height)
        }
        return next ?? previous
      })
    })
    observer.current = resizeObserver
    const list = listRef.current
    const rowGap = list ? parseFloat(getComputedStyle(list).rowGap) : NaN
    if (Number.isFinite(rowGap)) setGap(rowGap)
    return () => {
      resizeObserver.disconnect()
      watching.clear()
      observer.current = null
    }
  }, [listRef, windowed])
  const watchRows = useCallback((list: HTMLElement) => {
    const resizeObserver = observer.current
    if (!resizeObserver) return
    for (const element of observed.current) {
      if (element.isConnected) continue
      resizeObserver.unobserve(element)
      observed.current.delete(element)
    }
    for (const child of list.children) {
      if (!(child instanceof HTMLElement) || child.dataset.taskId === undefined) continue
      if (observed.current.has(child)) continue
      resizeObserver.observe(child)
      observed.current.add(child)
    }
  }, [])
  // A new width rewraps the rows.
  const forgetHeights = useCallback(() => {
    setHeights(new Map())
  }, [])
  return { heights, gap, watchRows, forgetHeights }
}
