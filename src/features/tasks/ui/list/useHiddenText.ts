import { startTransition, useEffect, useMemo, useState, type RefObject } from 'react'
import { useAppSelector } from '../../../../app/hooks'
import { afterNextPaint } from '../../../../lib/helpers'
import { EMPTY_TABLE, type TaskTable } from '../../model/taskTable'
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

/** What the hidden text was last brought up to date with. */
interface TextSource {
  ids: readonly string[]
  range: Range
  pinned: readonly number[]
  tasks: TaskTable
}

/**
 * The text of the rows a windowed list does not draw, kept in the page so that find-in-page
 * still finds every task (HiddenText.tsx), in chunks above and below the drawn rows; and a
 * match there brings its row into view.
 */
export function useHiddenText(
  listRef: RefObject<HTMLUListElement | null>,
  ids: readonly string[],
  { windowed, range, pinned, committed }: ListWindow,
) {
  // It follows the list after each paint, at low priority, so it never delays the response to
  // a click or a scroll; meanwhile it may lag by a change. Only the chunks whose rows changed
  // render again.
  const tasks = useAppSelector(selectTaskTable)
  const [textSource, setTextSource] = useState<TextSource | null>(null)
  useEffect(() => {
    if (!windowed) return
    return afterNextPaint(() => {
      startTransition(() => {
        setTextSource({ ids, range, pinned, tasks })
      })
    })
  }, [windowed, ids, range, pinned, tasks])

  // A find-in-page match in the hidden text. The browser reveals the text after this event,
  // then scrolls it into view: so the chunk is first moved to where its first row belongs
  // (its lines being a row apart, the match is then about where its row is), and the scroll
  // draws the rows there. Once the page has scrolled (or a moment later, if it did not need
  // to), the text is hidden and put back.
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
