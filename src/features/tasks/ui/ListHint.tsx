import type { FoundList } from '../model/listTag'

/** A task just added to a list other than the one shown, said until the next keystroke. */
export interface AddedElsewhere {
  /** The list's name as it is now. */
  name: string
  /** One more each add, so the same words are said again. */
  count: number
}

/**
 * The list the form read after `#`, under the input and the date's hint, with one way to refuse
 * it (or Escape in the input, when the tag was typed after the date); after an add into another
 * list, where the task went. Always in the page, so a screen reader hears it appear.
 */
export function ListHint({
  id,
  found,
  added,
  onRefuse,
}: {
  /** Of the sentence, which describes the input. */
  id: string
  found: FoundList | null
  added: AddedElsewhere | null
  onRefuse: () => void
}) {
  return (
    <div className="list-hint" role="status">
      {found ? (
        <>
          <span id={id}>
            {found.target.kind === 'new' ? 'In new list' : 'In list'} “{found.name}”
          </span>
          <button type="button" title="Or press Escape in the input" onClick={onRefuse}>
            Keep “{found.phrase}” as text
          </button>
        </>
      ) : (
        added && <span key={added.count}>Added to list “{added.name}”.</span>
      )}
    </div>
  )
}
