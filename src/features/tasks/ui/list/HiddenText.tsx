import { memo } from 'react'
import { taskOf, type TaskTable } from '../../model/taskTable'

/**
 * React knows `hidden` only as a boolean, so `until-found` is set here, once, on mount. The
 * browser removes it when find-in-page (or a text fragment link) matches the text inside.
 */
export const hideUntilFound = (element: HTMLElement | null) => {
  element?.setAttribute('hidden', 'until-found')
}

const sameChunk = (
  a: { ids: readonly string[]; tasks: TaskTable },
  b: { ids: readonly string[]; tasks: TaskTable },
) =>
  a.ids.length === b.ids.length &&
  a.ids.every((id, i) => id === b.ids[i] && taskOf(a.tasks, id) === taskOf(b.tasks, id))

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
  const lines = ids.map((id) => taskOf(tasks, id)?.task.replace(/\s+/g, ' ') ?? '')
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
 * row, shows where its own row belongs (useHiddenText.ts).
 */
export const HiddenRowsText = memo(function HiddenRowsText({
  chunks,
  tasks,
  pitch,
}: {
  chunks: readonly string[][]
  tasks: TaskTable
  pitch: number
}) {
  return (
    <li className="task-hidden-text" aria-hidden="true">
      <div ref={hideUntilFound} style={{ lineHeight: `${String(pitch)}px` }}>
        {chunks.map((chunk) => (
          <HiddenTextChunk key={chunk[0]} ids={chunk} tasks={tasks} />
        ))}
      </div>
    </li>
  )
})
