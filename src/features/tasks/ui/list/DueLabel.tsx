import { isOverdue } from '../../model/due'
import { dueLabel, dueSentence } from '../../model/dueWords'
import { repeatWords } from '../../model/repeatWords'

/**
 * A row's date, compact ("Tomorrow", "Fri 17:00", "3 Dec"); an open task past its day says
 * "Overdue" in words as well as in colour. A repeat follows it ("↻ every Monday"): the date is
 * what comes next. Then, where the rows gather every list, the task's list ("· Groceries").
 * Screen readers get the whole sentence.
 */
export function DueLabel({
  id,
  due,
  repeat = null,
  list = null,
  today,
  open,
}: {
  id: string
  due: string | null
  repeat?: string | null
  list?: string | null
  today: string
  open: boolean
}) {
  const overdue = open && isOverdue(due, today)
  const repeats = repeat === null ? null : `Repeats ${repeatWords(repeat)}`
  const sentence = [
    due && (overdue ? `Overdue. ${dueSentence(due, today)}` : dueSentence(due, today)),
    repeats,
    list !== null && `In ${list}`,
  ]
    .filter(Boolean)
    .join('. ')
  return (
    <span className={`task-due${overdue ? ' overdue' : ''}`}>
      <span aria-hidden="true">
        {overdue && <strong>Overdue · </strong>}
        {due && dueLabel(due, today)}
        {repeat !== null && (
          <span className="task-repeat">
            {due && ' · '}↻ {repeatWords(repeat)}
          </span>
        )}
        {list !== null && (
          <span className="task-list-name" dir="auto">
            {(due !== null || repeat !== null) && ' · '}
            {list}
          </span>
        )}
      </span>
      <span id={id} className="visually-hidden">
        {sentence}
      </span>
    </span>
  )
}
