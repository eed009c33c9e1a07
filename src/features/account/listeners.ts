import { addListener, type UnknownAction } from '@reduxjs/toolkit'
import type { AppListenerEffect } from '../../app/hooks'
import type { AppDispatch, RootState } from '../../app/store'
import type { Task } from '../../services/types'
import type { Services } from '../../services/appServices'
import { importUndone, taskSaveFailed, tasksImported } from '../tasks'
import {
  accountDeletionConfirmed,
  deletionClosed,
  deletionSignInClicked,
  importBatchRefused,
  importBatchSaved,
} from './accountSlice'
import { deleteAccount } from './deleteAccount'
import { leaveClosedAccount, recountUnsure, signInAgain } from './deletionSteps'
import { connectivityRestored } from '../../app/hooks'
import { MAX_BATCH_WRITES } from '../../services/types'

// The writes of an import and of its Undo, in batches of IMPORT_BATCH (one write per batch),
// from what the action carries; nobody waits for them. A batch the server refuses is refused
// whole: each of its tasks is marked as any refused change (spec's console message, Retry and
// Discard in its row).

type Api = Parameters<AppListenerEffect<typeof tasksImported>>[1]

const codeOf = (err: unknown) => {
  const code = (err as { code?: unknown } | null)?.code
  return typeof code === 'string' ? code : 'unknown'
}

function refused(api: Api, tasks: Task[], kind: 'add' | 'delete', err: unknown) {
  api.extra.logger.error(kind === 'add' ? 'Error adding document' : 'Error deleting document', err)
  const code = codeOf(err)
  for (const task of tasks) {
    const failure = { id: task.id, kind, text: task.task, code }
    api.dispatch(taskSaveFailed(kind === 'delete' ? { ...failure, deleted: task } : failure))
  }
}

const writeImportedTasks: AppListenerEffect<typeof tasksImported> = (action, api) => {
  for (const batch of batchesOf(action.payload, IMPORT_BATCH)) {
    api.extra.tasks.addMany(batch).then(
      () => api.dispatch(importBatchSaved(batch.length)),
      (err: unknown) => {
        refused(api, batch, 'add', err)
        api.dispatch(importBatchRefused(batch.length))
      },
    )
  }
}

const writeUndoneImport: AppListenerEffect<typeof importUndone> = (action, api) => {
  for (const batch of batchesOf(action.payload, IMPORT_BATCH)) {
    api.extra.tasks.deleteMany(batch.map(({ id }) => id)).catch((err: unknown) => {
      refused(api, batch, 'delete', err)
    })
  }
}

const addAppListener = addListener.withTypes<RootState, AppDispatch, Services>()

/** Starts the feature's effects on the store of `dispatch` (once: install.ts sees to it). */
export function addAccountListeners(dispatch: (action: UnknownAction) => unknown): void {
  dispatch(addAppListener({ actionCreator: tasksImported, effect: writeImportedTasks }))
  dispatch(addAppListener({ actionCreator: importUndone, effect: writeUndoneImport }))
  dispatch(addAppListener({ actionCreator: accountDeletionConfirmed, effect: deleteAccount }))
  dispatch(addAppListener({ actionCreator: deletionSignInClicked, effect: signInAgain }))
  dispatch(addAppListener({ actionCreator: connectivityRestored, effect: recountUnsure }))
  dispatch(addAppListener({ actionCreator: deletionClosed, effect: leaveClosedAccount }))
}

/**
 * The tasks an import (or its Undo) writes in one batch. Firestore takes 500, but the SDK with
 * its persistent cache stores a batch once per write in it (IndexedDbMutationQueue
 * .addMutationBatch puts the whole batch for each of its mutations), so a batch costs the main
 * thread as the square of its size: 500 held it for seconds, in one task. docs/performance.md
 * has the figures.
 */
export const IMPORT_BATCH = 50

/** `items` in batches of at most `size` (Firestore's most, unless said), in order. */
export const batchesOf = <T>(items: readonly T[], size = MAX_BATCH_WRITES): T[][] =>
  Array.from({ length: Math.ceil(items.length / size) }, (_, i) =>
    items.slice(i * size, (i + 1) * size),
  )
