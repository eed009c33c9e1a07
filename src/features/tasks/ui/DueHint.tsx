import type { FoundWhen } from './useTypedDue'

/**
 * What the form read as a date or a repeat, under the input, with one way to refuse it (or Escape in the
 * input). Always in the page, so a screen reader hears it appear.
 */
export function DueHint({
  id,
  found,
  onRefuse,
}: {
  /** Of the sentence, which describes the input. */
  id: string
  found: FoundWhen | null
  onRefuse: () => void
}) {
  return (
    <div className="due-hint" role="status">
      {found && (
        <>
          <span id={id}>
            {found.sentence}
            {found.note && <strong className="due-note"> {found.note}</strong>}
          </span>
          <button type="button" title="Or press Escape in the input" onClick={onRefuse}>
            Keep “{found.phrase}” as text
          </button>
        </>
      )}
    </div>
  )
}
