import {
  memo,
  startTransition,
  useEffect,
  useLayoutEffect,
  useMemo,
  useRef,
  useState,
  type ReactElement,
  type RefObject,
} from 'react'
import { flushSync } from 'react-dom'
import { useAppSelector } from '../../../app/hooks'
import type { RootState } from '../../../app/store'
import { afterNextPaint } from '../../../lib/frames'
import {
  contentChunks,
  DEFAULT_ROW_GAP,
  DEFAULT_VIEWPORT,
  hiddenRows,
  pinnedRows,
  rowOffsets,
  sameRange,
  segments,
  typicalHeight,
  visibleRange,
  WINDOW_MIN_ROWS,
  type Range,
  type Viewport,
} from './listWindow'
import { rowKey } from './rowKeys'
import { TaskItem } from './TaskItem'
import { useReveal, type Reveal } from './useReveal'
import { useRowFocus, type FocusedRow } from './useFocusedRow'
import { useRowKeys } from './useRowKeys'

const selectTaskTable = (state: RootState) => state.tasks.entities
type TaskTable = ReturnType<typeof selectTaskTable>

const NO_TEXT: { above: string[][]; below: string[][]; tasks: TaskTable } = {
  above: [],
  below: [],
  tasks: {},
}

/** What the hidden text was last brought up to date with. */
interface TextSource {
  ids: readonly string[]
  range: Range
  pinned: readonly number[]
  tasks: TaskTable
}

/** The viewport in pixels from the list's top edge; the page is what scrolls. */
function readViewport(list: HTMLElement): Viewport {
  const top = -list.getBoundingClientRect().top
  const height = document.documentElement.clientHeight || window.innerHeight
  return { top, bottom: top + height }
}

/**
 * React knows `hidden` only as a boolean, so `until-found` is set here, once, on mount. The
 * browser removes it when find-in-page (or a text fragment link) matches the text inside.
 */
const hideUntilFound = (element: HTMLElement | null) => {
  element?.setAttribute('hidden', 'until-found')
}

const sameChunk = (
  a: { ids: readonly string[]; tasks: TaskTable },
  b: { ids: readonly string[]; tasks: TaskTable },
) =>
  a.ids.length === b.ids.length &&
  a.ids.every((id, i) => id === b.ids[i] && a.tasks[id] === b.tasks[id])

/**
 * One chunk of hidden text: one line per row (one element per chunk keeps the page small),
 * rendered again only when its rows or their texts change.
 */
const HiddenTextChunk = memo(function HiddenTextChunk({
  ids,
  tasks,
}: {
  ids: readonly string[]
  tasks: TaskTable
}) {
  const lines = ids.map((id) => tasks[id]?.task.replace(/\s+/g, ' ') ?? '')
  return (
    <p ref={hideUntilFound} data-first-task={ids[0]}>
      {lines.join('\n')}
    </p>
  )
}, sameChunk)

/**
 * The text of rows that are not drawn, for the browser's find-in-page: hidden until found,
 * so it costs no style or layout, and out of the accessibility tree (its `li` is aria-hidden).
 * Its lines are one row apart, so that a match, once its chunk is moved to the chunk's first
 * row, shows where its own row belongs.
 */
const HiddenRowsText = memo(function HiddenRowsText({
  chunks,
  tasks,
  pitch,
}: {
  chunks: readonly string[][]
  tasks: TaskTable
  pitch: number
}) {
  return (
    <div ref={hideUntilFound} style={{ lineHeight: `${String(pitch)}px` }}>
      {chunks.map((chunk) => (
        <HiddenTextChunk key={chunk[0]} ids={chunk} tasks={tasks} />
      ))}
    </div>
  )
})

interface TaskRowsProps {
  ids: readonly string[]
  /** Where focus is in the list; the list's owner reads it when the last row goes. */
  focus?: RefObject<FocusedRow | null>
  /** This device's new task, to bring into view and highlight. */
  reveal?: Reveal | null
}

/**
 * The rows of the task list, in list order: DOM order is visual order.
 *
 * - A row that moves (to the end when done, to the top when incomplete) gets a new key, so
 *   React removes and inserts one row instead of moving every row in between (rowKeys.ts); if
 *   the row held focus, the same button gets it back, without scrolling; a row that goes
 *   hands focus to the next one (useRowFocus.ts).
 * - Lists longer than WINDOW_MIN_ROWS are windowed. Only the rows within OVERSCAN_PX of the
 *   viewport are rendered, plus the first and last rows and the focused row with its
 *   neighbours: Tab from the page or from a row reaches the next row, and focus survives
 *   scrolling. Spacers as tall as the rows they replace (measured once drawn, estimated before)
 *   keep the page's height, so the page scrolls natively. Rows carry aria-posinset and
 *   aria-setsize. The text of the rows not drawn stays in the page, hidden until found, so
 *   find-in-page still finds every task; a match there brings its row into view.
 * - Shorter lists render every row, plainly.
 *
 * Memoized: the list's other state (the dialog, Undo) does not render the rows again.
 */
export const TaskRows = memo(function TaskRows({ ids, focus, reveal = null }: TaskRowsProps) {
  const listRef = useRef<HTMLUListElement>(null)
  const keys = useRowKeys(ids)
  const count = ids.length
  const windowed = count > WINDOW_MIN_ROWS

  const ownFocus = useRef<FocusedRow | null>(null)
  const focusedId = useRowFocus(listRef, ids, keys, focus ?? ownFocus)

  const [heights, setHeights] = useState<ReadonlyMap<string, number>>(() => new Map())
  const [gap, setGap] = useState(DEFAULT_ROW_GAP)
  const [viewport, setViewport] = useState<Viewport>(DEFAULT_VIEWPORT)

  const estimate = useMemo(() => typicalHeight(heights), [heights])
  const offsets = useMemo(
    () => (windowed ? rowOffsets(ids, heights, estimate, gap) : null),
    [windowed, ids, heights, estimate, gap],
  )
  const range: Range = useMemo(
    () => (offsets ? visibleRange(offsets, viewport) : { start: 0, end: count }),
    [offsets, viewport, count],
  )
  const focusedIndex = focusedId === null ? -1 : ids.indexOf(focusedId)
  const pinned = useMemo(() => pinnedRows(count, focusedIndex), [count, focusedIndex])

  // The text of the rows not drawn, for find-in-page. It follows the list after each paint, at
  // low priority, so it never delays the response to a click or a scroll; meanwhile it may
  // lag by a change. Only the chunks whose rows changed render again.
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
  const hiddenText = useMemo(() => {
    if (!windowed || !textSource) return NO_TEXT
    const { above, below } = hiddenRows(textSource.ids, textSource.range, textSource.pinned)
    return { above: contentChunks(above), below: contentChunks(below), tasks: textSource.tasks }
  }, [windowed, textSource])

  // What the event listeners work with, as of the last commit.
  const committed = useRef({ ids, offsets, range })
  const observer = useRef<ResizeObserver | null>(null)
  const observed = useRef(new Set<Element>())

  // Row heights, for the spacers: measured once a row is drawn, kept while it is not.
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
  }, [windowed])

  // After each commit: watch the new rows, and check the window against the real viewport (the
  // list may have moved on the page): at once the first time, so the first paint is right,
  // then after the paint, when reading the layout costs nothing (scrolling is handled apart).
  const laidOut = useRef(false)
  useLayoutEffect(() => {
    committed.current = { ids, offsets, range }
    const list = listRef.current
    if (!offsets || !list) {
      laidOut.current = false
      return
    }
    const resizeObserver = observer.current
    if (resizeObserver) {
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
    }
    const check = () => {
      const current = readViewport(list)
      if (!sameRange(visibleRange(offsets, current), range)) setViewport(current)
    }
    if (laidOut.current) return afterNextPaint(check)
    laidOut.current = true
    check()
  }, [ids, offsets, range, pinned, keys])

  // Scrolling and resizing move the window. flushSync draws the new rows in the frame that
  // scrolled (scroll events run just before rendering), so no blank band shows. A new width
  // rewraps the rows: the heights measured before no longer hold.
  useEffect(() => {
    const list = listRef.current
    if (!windowed || !list) return
    let width = list.clientWidth
    const update = () => {
      const { offsets: latest, range: drawn } = committed.current
      if (!latest) return
      const current = readViewport(list)
      if (sameRange(visibleRange(latest, current), drawn)) return
      flushSync(() => {
        setViewport(current)
      })
    }
    const resize = () => {
      if (list.clientWidth !== width) {
        width = list.clientWidth
        setHeights(new Map())
      }
      update()
    }
    // A find-in-page match in the hidden text. The browser reveals the text after this event,
    // then scrolls it into view: so the chunk is first moved to where its first row belongs
    // (its lines being a row apart, the match is then about where its row is), and the scroll
    // draws the rows there. Once the page has scrolled (or a moment later, if it
    // did not need to), the text is hidden and put back.
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
      const { ids: shown, offsets: latest } = committed.current
      const index = shown.indexOf(line.dataset.firstTask)
      if (!holder || !latest || index < 0) return
      putBack()
      holder.style.top = `${String(latest[index] ?? 0)}px`
      revealed = () => {
        holder.style.top = ''
        for (const element of [line, line.parentElement]) {
          if (element?.isConnected) hideUntilFound(element)
        }
      }
      settle = window.setTimeout(putBack, 1000)
    }
    const scroll = () => {
      update()
      putBack()
    }
    window.addEventListener('scroll', scroll, { passive: true })
    window.addEventListener('resize', resize)
    list.addEventListener('beforematch', beforeMatch, true)
    return () => {
      window.removeEventListener('scroll', scroll)
      window.removeEventListener('resize', resize)
      list.removeEventListener('beforematch', beforeMatch, true)
      clearTimeout(settle)
    }
  }, [windowed])

  useReveal(listRef, ids, offsets, reveal)

  const row = (index: number) => {
    const id = ids[index] ?? ''
    return windowed ? (
      <TaskItem key={rowKey(keys, id)} id={id} posInSet={index + 1} setSize={count} />
    ) : (
      <TaskItem key={rowKey(keys, id)} id={id} />
    )
  }

  let children: ReactElement[]
  if (!offsets) {
    children = ids.map((_id, index) => row(index))
  } else {
    const hiddenTextItem = (which: 'above' | 'below') => (
      <li key={`text:${which}`} className="task-hidden-text" aria-hidden="true">
        <HiddenRowsText
          chunks={hiddenText[which]}
          tasks={hiddenText.tasks}
          pitch={estimate + gap}
        />
      </li>
    )
    children = []
    for (const segment of segments(offsets, gap, range, pinned)) {
      if (segment.kind === 'spacer') {
        const before = segment.before === null ? undefined : ids[segment.before]
        children.push(
          <li
            key={before === undefined ? 'gap:end' : `gap:${rowKey(keys, before)}`}
            className="task-spacer"
            aria-hidden="true"
            style={{ height: segment.height }}
          />,
        )
        continue
      }
      if (segment.index === range.start) children.push(hiddenTextItem('above'))
      children.push(row(segment.index))
      if (segment.index === range.end - 1) children.push(hiddenTextItem('below'))
    }
  }

  return (
    <ul ref={listRef} className="task-list" aria-label="Tasks">
      {children}
    </ul>
  )
})
