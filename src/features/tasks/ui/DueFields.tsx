import { useId, useRef, useState } from 'react'
import { dueDay, dueOf, dueTime } from '../model/due'

/** The Edit dialog's date and time, as the fields hold them: a day, and a time only with it. */
export function useDueDraft(due: string | null) {
  const [shown] = useState({
    day: due === null ? '' : dueDay(due),
    time: due === null ? '' : dueTime(due),
  })
  const [day, setDay] = useState(shown.day)
  const [time, setTime] = useState(shown.time)
  return {
    day,
    time,
    setDay,
    setTime,
    /** The due the fields say (null: none), or undefined when the person left them as shown. */
    changed: (): string | null | undefined => {
      if (day === shown.day && (day === '' || time === shown.time)) return undefined
      return day === '' ? null : dueOf(day, time)
    },
  }
}

export function DueFields({ draft }: { draft: ReturnType<typeof useDueDraft> }) {
  const dayId = useId()
  const timeId = useId()
  const dayRef = useRef<HTMLInputElement>(null)
  const { day, time, setDay, setTime } = draft
  return (
    <div className="due-fields">
      <label htmlFor={dayId}>Due date</label>
      <input
        ref={dayRef}
        id={dayId}
        type="date"
        value={day}
        onChange={(event) => {
          setDay(event.target.value)
        }}
      />
      <label htmlFor={timeId}>Time</label>
      {/* A time alone is no date: it waits for one. */}
      <input
        id={timeId}
        type="time"
        value={day === '' ? '' : time}
        disabled={day === ''}
        onChange={(event) => {
          setTime(event.target.value)
        }}
      />
      <button
        type="button"
        disabled={day === ''}
        onClick={() => {
          setDay('')
          setTime('')
          // The button is now disabled: focus stays in the dialog, on the field it emptied.
          dayRef.current?.focus()
        }}
      >
        Clear date
      </button>
    </div>
  )
}
