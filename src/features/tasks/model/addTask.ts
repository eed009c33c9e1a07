import type { AppThunk } from '../../../app/store'
import { newTask } from '../../../services/taskDocument'
import { selectCurrentUser } from '../../auth'
import { placeAfterLastOpen } from './ordering'
import { taskAdded } from './tasksSlice'
import { normalizeTaskText } from './taskText'

export type AddTaskOutcome =
  { kind: 'added'; id: string; text: string } | { kind: 'invalid' } | { kind: 'signedOut' }

/**
 * The form's submit. Blank or over-long text is refused quietly. The spec's guard is an e-mail
 * in session storage, else its alert; the owner, though, is always the signed-in Firebase user.
 * A new task starts open, after the last open one.
 */
export const taskSubmitted =
  (text: string): AppThunk<AddTaskOutcome> =>
  (dispatch, getState, { session, alert }) => {
    const normalized = normalizeTaskText(text)
    if (normalized === null) return { kind: 'invalid' }
    const owner = selectCurrentUser(getState())?.email
    if (!session.getUserEmail() || !owner) {
      alert('Please log in to add')
      return { kind: 'signedOut' }
    }
    const place = placeAfterLastOpen(getState().tasks)
    const { id } = dispatch(
      taskAdded(newTask({ task: normalized, email: owner, ...place })),
    ).payload
    return { kind: 'added', id, text: normalized }
  }
