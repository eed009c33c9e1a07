import type { AppListenerEffect } from '../../app/listenerMiddleware'
import { taskSaveFailed, type TaskSaveFailure } from './tasksSlice'

export type Api = Parameters<AppListenerEffect<typeof taskSaveFailed>>[1]

/** Logs the spec's message for a refused write and tells the page, which keeps the row as is. */
export function refused(api: Api, failure: Omit<TaskSaveFailure, 'code'>, message: string) {
  return (err: unknown) => {
    api.extra.logger.error(message, err)
    const code = (err as { code?: unknown } | null)?.code
    api.dispatch(taskSaveFailed({ ...failure, code: typeof code === 'string' ? code : 'unknown' }))
  }
}
