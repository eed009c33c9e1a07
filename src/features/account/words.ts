import type { DeletionState } from './accountSlice'

// What the account's menu, its Export and Delete account dialogs and its status line say;
// tests read the same words. What an import says is in importWords.ts. Elsewhere: the Settings
// button's name, in Settings.tsx (the first render shows it; these files come later, with the
// menu), and why a file cannot be imported, said by the reader in formats/ that finds it.
export const count = (n: number): string => n.toLocaleString('en-US')
export const tasks = (n: number): string => `${count(n)} ${n === 1 ? 'task' : 'tasks'}`

// The menu and the buttons every dialog has. A dialog is titled as the item that opens it.
export const MENU = {
  name: 'Settings',
  export: 'Export tasks',
  import: 'Import tasks',
  delete: 'Delete account',
  file: 'File to import',
} as const
export const CLOSE = 'Close'
export const CANCEL = 'Cancel'
export const downloaded = (name: string) => `Downloaded ${name}.`

export const EXPORT = {
  notLoaded: 'Your tasks have not loaded yet.',
  behind:
    'Offline: these are the tasks kept on this device. Changes made on other devices since it was last online are not in them.',
  csv: 'Download CSV',
  json: 'Download JSON',
} as const
/** `lists`: the person's besides My tasks; the file names each task's. */
export const exportCount = (n: number, finished: number, lists = 0) =>
  lists === 0
    ? `${tasks(n)}, ${count(finished)} finished.`
    : `${tasks(n)}, ${count(finished)} finished, in My tasks and ${count(lists)} other ${lists === 1 ? 'list' : 'lists'}.`

export const DELETE = {
  exportNote: 'Export them first to keep a copy.',
  exportFirst: 'Export first',
  signInAgain: 'Sign in again',
  tryAgain: 'Try again',
} as const

export function deletionText(deletion: DeletionState, taskCount: number, email: string): string {
  const { phase, deleted, total, unsure, problem } = deletion
  const allTasks = total > 0 && deleted === total
  switch (phase) {
    case 'idle':
      return `This deletes your account and your ${tasks(taskCount)}, on every device. It cannot be undone.`
    case 'checking':
      return 'Checking with the server…'
    case 'deletingTasks':
      return `Deleting your tasks: ${count(deleted)} of ${count(total)}…`
    case 'deletingAccount':
      return 'Deleting your account…'
    case 'signInNeeded':
      if (allTasks) return 'Your tasks are deleted. Sign in again to finish deleting your account.'
      if (deleted > 0) {
        return `${count(deleted)} of ${tasks(total)} are deleted so far, and your account is still here. For your safety, sign in again to go on.`
      }
      return 'For your safety, sign in again before your account is deleted. Nothing has been deleted yet.'
    case 'stopped':
      switch (problem) {
        case 'offline':
          return 'You are offline: an account can be deleted only while connected. Nothing was deleted.'
        case 'connectionLost':
          if (unsure > 0) {
            return `The connection was lost while deleting your tasks: ${count(deleted)} of ${tasks(total)} are deleted, and ${count(unsure)} more may be (this is checked once you are back online). Your account and the other tasks are still here: try again once you are back online.`
          }
          if (allTasks) {
            return 'Your tasks are deleted, but the connection was lost before your account was. Your account is still here: try again once you are back online.'
          }
          if (deleted === 0) {
            return 'The connection was lost before anything was deleted. Your account and your tasks are still here: try again once you are back online.'
          }
          return `The connection was lost after ${count(deleted)} of ${tasks(total)} were deleted. Your account and the other tasks are still here: try again once you are back online.`
        case 'signInOtherAccount':
          return `That was another account: sign in again as ${email}. Your account was not deleted.`
        case 'accountNotDeleted':
          return 'Your tasks are deleted, but your account could not be: it is still here. Try again.'
        case 'accountUncertain':
          return 'Your tasks are deleted. The connection was lost while your account was being deleted, so it may not be yet: try again once you are back online to finish.'
        default:
          return 'Signing in again did not finish. Your account was not deleted.'
      }
  }
}

export const ACCOUNT_DELETED = 'Your account and all its tasks were deleted. You are signed out.'
/** Closed after its tasks went, when the Auth account's deletion did not finish. */
export const ACCOUNT_LEFT =
  'Your tasks were deleted and you are signed out. Your account may still be there: sign in again to finish deleting it.'
