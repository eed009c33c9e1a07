import { useAppDispatch } from '../../app/hooks'
import { AccountDialog, CloseButton, closeDialogOf } from './AccountDialog'
import { confirmImport } from './clicks'
import { skippedCount, type ImportPreview } from './formats/preview'
import type { ImportFormat, ImportProblem } from './formats/types'
import {
  datesLines,
  hiddenLine,
  importProblem,
  importSource,
  notesAsTextLine,
  notKeptItems,
  NOTHING_ADDED,
  skippedReasons,
  skippedTitle,
  tasks,
  toAdd,
  unreadLinesText,
} from './words'

export type ImportReading =
  | { name: string; ok: true; format: ImportFormat; preview: ImportPreview }
  | { name: string; ok: false; problem: ImportProblem }

export function ImportDialog({
  reading,
  onClosed,
}: {
  reading: ImportReading
  onClosed: () => void
}) {
  const dispatch = useAppDispatch()
  if (!reading.ok) {
    return (
      <AccountDialog title="Import tasks" onClosed={onClosed}>
        <p role="alert">
          {importProblem(reading.name, reading.problem)} {NOTHING_ADDED}
        </p>
        <div className="dialog-actions">
          <CloseButton className="primary">Close</CloseButton>
        </div>
      </AccountDialog>
    )
  }
  const { preview } = reading
  const adding = preview.tasks.length
  const unread = unreadLinesText(preview)
  const notesAsText = notesAsTextLine(preview)
  const hidden = hiddenLine(preview)
  const notKept = notKeptItems(preview, reading.format)
  return (
    <AccountDialog title="Import tasks" onClosed={onClosed}>
      <p>{importSource(reading.name, reading.format)}</p>
      <p>{toAdd(preview)}</p>
      {skippedCount(preview) > 0 && (
        <Items title={skippedTitle(preview)} items={skippedReasons(preview)} />
      )}
      {unread && <p>{unread}</p>}
      {notesAsText && <p>{notesAsText}</p>}
      {hidden && <p>{hidden}</p>}
      {datesLines(preview).map((line) => (
        <p key={line}>{line}</p>
      ))}
      {notKept.length > 0 && <Items title="Not kept:" items={notKept} />}
      {adding > 0 && (
        <p className="account-note">
          Open tasks go after your open tasks, finished ones after your finished ones.
        </p>
      )}
      <div className="dialog-actions">
        <CloseButton>{adding > 0 ? 'Cancel' : 'Close'}</CloseButton>
        {adding > 0 && (
          <button
            type="button"
            className="primary"
            onClick={(event) => {
              void dispatch(confirmImport(preview.tasks))
              closeDialogOf(event.currentTarget)
            }}
          >
            Add {tasks(adding)}
          </button>
        )}
      </div>
    </AccountDialog>
  )
}

function Items({ title, items }: { title: string; items: string[] }) {
  return (
    <>
      <p>{title}</p>
      <ul>
        {items.map((item) => (
          <li key={item}>{item}</li>
        ))}
      </ul>
    </>
  )
}
