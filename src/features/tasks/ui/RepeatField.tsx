import { useEffect, useId, useRef, useState } from 'react'
import { loadRepeatWords } from '../model/loadRepeatReader'
import { repeatWords } from '../model/repeatWords'

type Read = { repeat: string; due: string } | null
type Reader = (words: string) => Read

/**
 * The Edit dialog's repeat, as words ("every Monday"): typed again in the quick add's words to
 * change it, emptied (or 'Stop repeating') to stop it.
 */
export function useRepeatDraft(repeat: string | null) {
  const [shown] = useState(repeat === null ? '' : repeatWords(repeat))
  const [words, setWords] = useState(shown)
  const [read, setRead] = useState<Reader | null>(null)
  useEffect(() => {
    let live = true
    loadRepeatWords().then(
      ({ repeatOfWords }) => {
        if (live)
          setRead(() => (typed: string) => repeatOfWords(typed, new Date(), navigator.language))
      },
      // Offline before the reader was kept: the repeat stays as it was.
      () => undefined,
    )
    return () => {
      live = false
    }
  }, [])
  const same = words.trim() === shown
  const found = same || words.trim() === '' || !read ? null : read(words)
  return {
    words,
    setWords,
    /** Words typed that are no repeat this app reads: Save waits for them. */
    unread: !same && words.trim() !== '' && found === null,
    found,
    /** The repeat the field says (null: none), or undefined when left as shown. */
    changed: (): { repeat: string | null; due?: string } | undefined => {
      if (same) return undefined
      if (words.trim() === '') return { repeat: null }
      return found ?? undefined
    },
  }
}

export function RepeatField({ draft }: { draft: ReturnType<typeof useRepeatDraft> }) {
  const inputId = useId()
  const statusId = useId()
  const inputRef = useRef<HTMLInputElement>(null)
  const { words, setWords, found, unread } = draft
  return (
    <div className="repeat-field">
      <label htmlFor={inputId}>Repeat</label>
      <input
        ref={inputRef}
        id={inputId}
        type="text"
        autoComplete="off"
        placeholder="every Monday, every 3 days…"
        aria-describedby={statusId}
        aria-invalid={unread}
        value={words}
        onChange={(event) => {
          setWords(event.target.value)
        }}
      />
      <button
        type="button"
        disabled={words === ''}
        onClick={() => {
          setWords('')
          // The button is now disabled: focus stays in the dialog, on the field it emptied.
          inputRef.current?.focus()
        }}
      >
        Stop repeating
      </button>
      <p id={statusId} className="repeat-status" role="status">
        {unread
          ? 'Not a repeat this app reads: try “every Monday”, “every 3 days” or “every 1st”.'
          : found
            ? `Repeats ${repeatWords(found.repeat)}.`
            : ''}
      </p>
    </div>
  )
}
