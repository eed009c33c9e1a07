import { memo } from 'react'
import { taskOf, type TaskTable } from '../../model/taskTable'

/** React knows `hidden` only as a boolean, so `until-found` is set here, on mount. */
export const hideUntilFound = (element: HTMLElement | null) => {
  element?.setAttribute('hidden', 'until-found')
}

const sameChunk = (
  a: { ids: readonly string[]; tasks: TaskTable },
  b: { ids: readonly string[]; tasks: TaskTable },
) =>
  a.ids.length === b.ids.length &&
  a.ids.every((id, i) => id === b.ids[i] && taskOf(a.tasks, id) === taskOf(b.tasks, id))

/** One line per row: one element per chunk keeps the page small. */
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

/** Hidden until found (no style or layout cost); lines a row apart, so a match shows its row. */
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
