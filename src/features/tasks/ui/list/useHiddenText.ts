import { startTransition, useEffect, useMemo, useState, type RefObject } from 'react'
import { useAppStore } from '../../../../app/hooks'
import { afterNextPaint } from '../../../../lib/helpers'
import { changedIds, EMPTY_TABLE, type TaskTable } from '../../model/taskTable'
import { selectTaskTable } from '../../model/tasksSlice'
import { hideUntilFound } from './HiddenText'
import { contentChunks, hiddenRows } from './hiddenTextChunks'
import type { Range } from './listWindow'
import type { ListWindow } from './useListWindow'

const NO_TEXT: { above: string[][]; below: string[][]; tasks: TaskTable } = {
  above: [],
  below: [],
  tasks: EMPTY_TABLE,
}

interface TextSource {
  ids: readonly string[]
  range: Range
  pinned: readonly number[]
  tasks: TaskTable
}

/** The undrawn rows' text, so find-in-page finds every task; a match brings its row into view. */
export function useHiddenText(
  listRef: RefObject<HTMLUListElement | null>,
  ids: readonly string[],
  { windowed, range, pinned, committed }: ListWindow,
) {
  const store = useAppStore()
  const [textSource, setTextSource] = useState<TextSource | null>(null)
  // After each paint, at low priority: never delays a click or a scroll; it may lag by a change.
  // The tasks are read then, not selected: a change to a drawn row (a tick) draws that row alone,
  // and the text is made again only when a task not drawn changes.
  useEffect(() => {
    if (!windowed) return
    let cancel: (() => void) | undefined
    const refresh = () => {
      cancel?.()
      cancel = afterNextPaint(() => {
        startTransition(() => {
          setTextSource({ ids, range, pinned, tasks: selectTaskTable(store.getState()) })
        })
      })
    }
    const drawn = new Set(ids.slice(range.start, range.end))
    for (const index of pinned) drawn.add(ids[index] ?? '')
    let tasks = selectTaskTable(store.getState())
    const unsubscribe = store.subscribe(() => {
      const latest = selectTaskTable(store.getState())
      if (latest === tasks) return
      const changed = changedIds(tasks, latest)
      tasks = latest
      if (changed.some((id) => !drawn.has(id))) refresh()
    })
    refresh()
    return () => {
      unsubscribe()
      cancel?.()
    }
  }, [windowed, ids, range, pinned, store])
  // The browser reveals the match after this event, then scrolls to it: the chunk is first moved
  // to its first row's place (lines a row apart), so the scroll draws the rows there. Once
  // scrolled (or a second later), the text is hidden and put back.
  useEffect(() => {
    const list = listRef.current
    if (!windowed || !list) return
    let revealed: (() => void) | null = null
    let settle = 0
    const putBack = () => {
      clearTimeout(settle)
      const restore = revealed
      revealed = null
      if (restore) requestAnimationFrame(restore)
    }
    const beforeMatch = (event: Event) => {
      const line = event.target
      if (!(line instanceof HTMLElement) || line.dataset.firstTask === undefined) return
      const holder = line.closest('li')
      const { ids: shown, offsets } = committed.current
      const index = shown.indexOf(line.dataset.firstTask)
      if (!holder || !offsets || index < 0) return
      putBack()
      holder.style.top = `${String(offsets[index] ?? 0)}px`
      revealed = () => {
        holder.style.top = ''
        for (const element of [line, line.parentElement]) {
          if (element?.isConnected) hideUntilFound(element)
        }
      }
      settle = window.setTimeout(putBack, 1000)
    }
    window.addEventListener('scroll', putBack, { passive: true })
    list.addEventListener('beforematch', beforeMatch, true)
    return () => {
      window.removeEventListener('scroll', putBack)
      list.removeEventListener('beforematch', beforeMatch, true)
      clearTimeout(settle)
    }
  }, [listRef, committed, windowed])
  return useMemo(() => {
    if (!windowed || !textSource) return NO_TEXT
    const { above, below } = hiddenRows(textSource.ids, textSource.range, textSource.pinned)
    return { above: contentChunks(above), below: contentChunks(below), tasks: textSource.tasks }
  }, [windowed, textSource])
}
