import { useAppDispatch } from '../../app/hooks'
import { AccountDialog, CloseButton, closeDialogOf } from './AccountDialog'
import { confirmImport } from './commands'
import { skippedCount, type ImportPreview } from './formats/preview'
import type { ImportFormat, ImportProblem } from './formats/types'
import {
  addTasks,
  datesLines,
  hiddenLine,
  IMPORT,
  importProblem,
  importSource,
  notesAsTextLine,
  notKeptItems,
  NOTHING_ADDED,
  skippedReasons,
  skippedTitle,
  toAdd,
  unreadLinesText,
} from './importWords'
import { fullLine, listItems, LISTS_TITLE } from './importListWords'
import { CANCEL, CLOSE, MENU } from './words'

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
      <AccountDialog title={MENU.import} onClosed={onClosed}>
        <p role="alert">
          {importProblem(reading.name, reading.problem)} {NOTHING_ADDED}
        </p>
        <div className="dialog-actions">
          <CloseButton className="primary">{CLOSE}</CloseButton>
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
  const lists = listItems(preview)
  const full = fullLine(preview)
  // Those past the 200 are not made: their tasks go to My tasks, as the preview said.
  const listsMade = preview.lists.flatMap(({ kind, name }) => (kind === 'full' ? [] : [name]))
  return (
    <AccountDialog title={MENU.import} onClosed={onClosed}>
      <p>{importSource(reading.name, reading.format)}</p>
      <p>{toAdd(preview)}</p>
      {adding > 0 && lists.length > 0 && <Items title={LISTS_TITLE} items={lists} />}
      {adding > 0 && full && <p>{full}</p>}
      {skippedCount(preview) > 0 && (
        <Items title={skippedTitle(preview)} items={skippedReasons(preview)} />
      )}
      {unread && <p>{unread}</p>}
      {notesAsText && <p>{notesAsText}</p>}
      {hidden && <p>{hidden}</p>}
      {datesLines(preview).map((line) => (
        <p key={line}>{line}</p>
      ))}
      {notKept.length > 0 && <Items title={IMPORT.notKept} items={notKept} />}
      {adding > 0 && <p className="account-note">{IMPORT.where}</p>}
      <div className="dialog-actions">
        <CloseButton>{adding > 0 ? CANCEL : CLOSE}</CloseButton>
        {adding > 0 && (
          <button
            type="button"
            className="primary"
            onClick={(event) => {
              void dispatch(confirmImport(preview.tasks, listsMade))
              closeDialogOf(event.currentTarget)
            }}
          >
            {addTasks(adding)}
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
