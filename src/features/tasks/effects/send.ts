import type { AppListenerEffect } from '../../../app/hooks'
import type { Task, TaskChanges } from '../../../services/types'
import type { LegacyWrite } from '../../../services/appServices'
import { taskSaveFailed } from '../model/tasksSlice'
import type { RetriedWrite, TaskSaveFailure } from '../saving/unsaved'

// Fire and forget: the SDK keeps each write until the server takes it; only a final refusal
// comes back.

export type Api = Parameters<AppListenerEffect<typeof taskSaveFailed>>[1]

function refused(api: Api, failure: Omit<TaskSaveFailure, 'code'>, message: string) {
  return (err: unknown) => {
    api.extra.logger.error(message, err)
    const code = (err as { code?: unknown } | null)?.code
    api.dispatch(taskSaveFailed({ ...failure, code: typeof code === 'string' ? code : 'unknown' }))
  }
}

export function sendAdd(api: Api, task: Task) {
  const failure = { id: task.id, kind: 'add', text: task.task } as const
  api.extra.tasks.add(task).catch(refused(api, failure, 'Error adding document'))
}

export function sendUpdate(api: Api, id: string, changes: TaskChanges, text: string) {
  const failure = { id, kind: 'update', text } as const
  api.extra.tasks.update(id, changes).catch(refused(api, failure, 'Error updating document'))
}

export function sendDelete(api: Api, id: string, text: string, deleted?: Task) {
  const failure = { id, kind: 'delete', text, ...(deleted && { deleted }) } as const
  api.extra.tasks.delete(id).catch(refused(api, failure, 'Error deleting document'))
}

export function sendAgain(api: Api, write: RetriedWrite) {
  if (write.kind === 'add') sendAdd(api, write.task)
  else if (write.kind === 'update') sendUpdate(api, write.id, write.changes, write.text)
  else sendDelete(api, write.id, write.text, write.deleted ?? undefined)
}

export function sendLegacy(api: Api, write: LegacyWrite) {
  if (write.kind === 'add') sendAdd(api, write.task)
  else if (write.kind === 'update') sendUpdate(api, write.id, write.changes, write.task.task)
  else sendDelete(api, write.id, '')
}
