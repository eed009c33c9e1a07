import { useEffect, useEffectEvent, useState, type RefObject } from 'react'
import { MAX_TASK_LENGTH } from '../../../services/types'

const LIMIT = MAX_TASK_LENGTH.toLocaleString('en-US')
export const CUT_MESSAGE = `Cut to ${LIMIT} characters: a task holds at most ${LIMIT}.`

/** Cut here; other edits keep maxLength's cut. */
const INSERTIONS = new Set(['insertText', 'insertReplacementText', 'insertFromPaste'])

/** Never between the halves of a surrogate pair. */
export function cutText(text: string, room: number): string {
  if (text.length <= room) return text
  const last = text.charCodeAt(room - 1)
  const end = last >= 0xd800 && last <= 0xdbff ? room - 1 : room
  return text.slice(0, Math.max(end, 0))
}

// As maxLength, but never splitting an emoji; says so until an edit leaves the text shorter.
// `normalize`: what onChange makes of text (the cut is measured on what is kept).
export function useLengthLimit(
  field: RefObject<HTMLInputElement | HTMLTextAreaElement | null>,
  value: string,
  onCut: (value: string) => void,
  normalize: (text: string) => string = (text) => text,
): boolean {
  const [cutLength, setCutLength] = useState<number | null>(null)
  if (cutLength !== null && value.length < cutLength) setCutLength(null)
  const beforeInput = useEffectEvent((event: InputEvent) => {
    const element = field.current
    const data = event.data ?? event.dataTransfer?.getData('text/plain') ?? null
    // While composing (an IME), the input's maxLength alone applies.
    if (
      !element ||
      event.target !== element ||
      event.isComposing ||
      !INSERTIONS.has(event.inputType) ||
      data === null
    )
      return
    const start = element.selectionStart ?? element.value.length
    const end = element.selectionEnd ?? start
    const room = MAX_TASK_LENGTH - (element.value.length - (end - start))
    const inserted = normalize(data)
    if (inserted.length <= room) return
    event.preventDefault()
    const kept = cutText(inserted, room)
    if (kept !== '') {
      element.setRangeText(kept, start, end, 'end')
      onCut(element.value)
    }
    setCutLength(element.value.length)
  })
  // On the document: the field may be drawn again (the dialog's, after "deleted elsewhere").
  useEffect(() => {
    const listener = (event: InputEvent) => {
      beforeInput(event)
    }
    document.addEventListener('beforeinput', listener)
    return () => {
      document.removeEventListener('beforeinput', listener)
    }
  }, [])
  return cutLength !== null
}

/** Always in the page, so a screen reader hears it appear. */
export function CutNotice({ id, shown }: { id: string; shown: boolean }) {
  return (
    <p id={id} className="cut-notice" role="status">
      {shown ? CUT_MESSAGE : null}
    </p>
  )
}
