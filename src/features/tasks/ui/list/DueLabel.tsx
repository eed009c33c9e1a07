import { isOverdue } from '../../model/due'
import { dueLabel, dueSentence } from '../../model/dueWords'

/**
 * A row's date, compact ("Tomorrow", "Fri 17:00", "3 Dec"); an open task past its day says
 * "Overdue" in words as well as in colour. Screen readers get the whole sentence.
 */
export function DueLabel({
  id,
  due,
  today,
  open,
}: {
  id: string
  due: string
  today: string
  open: boolean
}) {
  const overdue = open && isOverdue(due, today)
  const sentence = dueSentence(due, today)
  return (
    <span className={`task-due${overdue ? ' overdue' : ''}`}>
      <span aria-hidden="true">
        {overdue && <strong>Overdue · </strong>}
        {dueLabel(due, today)}
      </span>
      <span id={id} className="visually-hidden">
        {overdue ? `Overdue. ${sentence}` : sentence}
      </span>
    </span>
  )
}
