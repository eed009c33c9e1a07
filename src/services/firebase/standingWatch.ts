// Follows the signed-in session's standing (accountMark.ts): the record's live news and, while
// another device deletes the account, the record asked through REST each second as well. The live
// news of its closing comes on the channel behind the news of every task it deleted (43 s late
// was seen on the emulator under load), and a device must sign out within 2 s of it.
import type { AccountStanding } from '../types'
import type { DeletionRecord } from './deletionRecord'

export const CLOSING_LOOK_MS = 1000

export interface StandingSources {
  /** The record's live news (from the server, not the cache); returns its stop. */
  live(onRecord: (record: DeletionRecord) => void, onError: (err: unknown) => void): () => void
  /** The record, asked of the server now. */
  ask(): Promise<DeletionRecord>
  standing(record: DeletionRecord): Promise<AccountStanding>
  /** A run of this device's cut short by a reload: stopped, since nothing takes its next step. */
  orphaned(): Promise<boolean>
  stopDeletion(): Promise<void>
}

export function watchStanding(
  sources: StandingSources,
  onChange: (standing: AccountStanding) => void,
  onError: (err: unknown) => void,
): () => void {
  let stopped = false
  let timer: ReturnType<typeof setTimeout> | undefined
  // Reports in the order their records came: a slow look never undoes later news.
  let latest = 0
  const report = async (record: DeletionRecord) => {
    const turn = ++latest
    const standing = await sources.standing(record)
    if (stopped || turn !== latest) return
    clearTimeout(timer)
    if (standing.kind === 'closing') {
      // Asked each second while another device deletes; at the lapse (`until`) in any case.
      const next = standing.here ? standing.until - Date.now() + 1000 : CLOSING_LOOK_MS
      timer = setTimeout(() => {
        sources.ask().then(report, () => void report(record))
      }, next)
      if (!standing.here && (await sources.orphaned())) {
        sources.stopDeletion().catch(() => undefined)
      }
    }
    onChange(standing)
  }
  const stopLive = sources.live((record) => void report(record), onError)
  return () => {
    stopped = true
    clearTimeout(timer)
    stopLive()
  }
}
