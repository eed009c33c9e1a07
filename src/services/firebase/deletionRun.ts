// This device's run of Delete account, between its steps on the server (accountMark.ts). While
// it runs, a Web Lock is held and localStorage names the account: a page that finds the account
// closing with that record left and no lock held knows a reload or a crash cut this device's
// run short, and stops it, so the account saves again at once rather than when it lapses. A
// stop the server did not take is tried again while the page lives (on `online`, and every
// 10 s), as nothing else would undo it but the lapse.

const RETRY_MS = 10_000

function remembered(key: string): string | null {
  try {
    return localStorage.getItem(key)
  } catch {
    return null
  }
}
function remember(key: string, uid: string | null) {
  try {
    if (uid === null) localStorage.removeItem(key)
    else localStorage.setItem(key, uid)
  } catch {
    // No storage: a reload's run lapses on the server instead (10 minutes).
  }
}
const locks = (): LockManager | undefined =>
  typeof navigator === 'undefined' ? undefined : (navigator as Partial<Navigator>).locks

/** `key` names the note and the lock: the same for every page of one Firebase app here. */
export function deletionRun(uid: () => string, key = 'todo.deletion') {
  let running = false
  let release: (() => void) | null = null
  let closedHere = false
  let owed: (() => Promise<void>) | null = null
  let retry: ReturnType<typeof setTimeout> | undefined

  const unlock = () => {
    running = false
    release?.()
    release = null
  }
  const settle = () => {
    owed = null
    clearTimeout(retry)
    removeEventListener('online', tryWhenOnline)
  }
  const tryWhenOnline = () => {
    void tryOwed().catch(() => undefined)
  }
  async function tryOwed() {
    const send = owed
    if (send === null) return
    clearTimeout(retry)
    try {
      await send()
      if (owed !== send) return
      settle()
      remember(key, null)
    } catch (err) {
      if (owed === send) retry = setTimeout(tryWhenOnline, RETRY_MS)
      throw err
    }
  }

  return {
    async begin() {
      settle()
      closedHere = false
      remember(key, uid())
      running = true
      if (release !== null) return
      await new Promise<void>((locked) => {
        const manager = locks()
        if (!manager) {
          locked()
          return
        }
        void manager.request(key, { ifAvailable: true }, (lock) => {
          locked()
          // Another tab of this device runs one: both renew the same account's deletion.
          if (!lock) return undefined
          return new Promise<void>((done) => (release = done))
        })
      })
    },
    /** The account is closed with the last step: from then on it is the Auth call's turn. */
    closing() {
      closedHere = true
    },
    closed() {
      unlock()
      remember(key, null)
    },
    closedHere: () => closedHere,
    /** Whether the deletion under way by `closingUid` is this page's (running, or its stop owed). */
    isMine: (closingUid: string) => (running || owed !== null) && closingUid === uid(),
    /** Stops the run: `send` now, and again while the server has not taken it. */
    stop(send: () => Promise<void>): Promise<void> {
      // `closedHere` stays: a last step whose answer was lost may have closed it all the same,
      // and that closing is this page's to finish (Try again), not another device's news.
      unlock()
      owed = send
      addEventListener('online', tryWhenOnline)
      return tryOwed()
    },
    /** Whether the deletion under way was begun here and nothing runs it any more. */
    async orphaned(): Promise<boolean> {
      if (running || owed !== null || remembered(key) !== uid()) return false
      const held = (await locks()?.query())?.held ?? []
      return !held.some(({ name }) => name === key)
    },
  }
}
