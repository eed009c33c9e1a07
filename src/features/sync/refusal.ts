/** Why the server refused a write for good, in the person's words. */
export function refusalReason(code: string): string {
  switch (code) {
    case 'not-found':
    case 'permission-denied':
      // The rules deny an update of a missing task: both mean it is gone or not yours.
      return 'the task was deleted on another device, or is no longer yours'
    case 'invalid-argument':
    case 'out-of-range':
      return 'the server did not accept the change'
    default:
      return `the server refused the change (${code})`
  }
}
