// The contracts of everything outside the store, in the app's own words: no Firebase here.

/** A task as the page holds it: its stored fields, and its document id. */
export interface Task {
  /** Made in the page before the task is first written. */
  id: string
  /** The task text: trimmed, with a visible character, at most {@link MAX_TASK_LENGTH}. */
  task: string
  isFinished: boolean
  /** Always the signed-in Firebase user's. */
  email: string
  /** The sort key within its region (open, then finished); null: the original app's, by id. */
  order: number | null
  /** A fractional key breaking ties between equal orders; null: ranks by its id. */
  rank: string | null
  /** When it is due: a day (YYYY-MM-DD) or an instant with a time (model/due.ts); null: none. */
  due: string | null
  /**
   * How it repeats: an RFC 5545 RRULE value ("FREQ=WEEKLY;BYDAY=MO"), counted from when it is
   * done with the parameter `RRULE;X-TODO-FROM=COMPLETION:` before it (taskDocument.ts); null:
   * it does not. Ticking it moves `due` on (model/recurrence.ts).
   */
  repeat: string | null
}

/** The stored fields a click changes; `id` and `email` never change. */
export type TaskChanges = Partial<Omit<Task, 'id' | 'email'>>

/** The longest task text, in UTF-16 code units after trimming (what `maxLength` counts). */
export const MAX_TASK_LENGTH = 1000

/** One change the live query saw, with whether this page still waits for its own write of it. */
export type TaskUpdate =
  | { kind: 'changed'; task: Task; pendingHere: boolean }
  | { kind: 'removed'; id: string; pendingHere: boolean }

/** What the live query reports each time the user's tasks change, here or elsewhere. */
export interface TasksSnapshot {
  /** The changes since the last report; the first holds every task. */
  updates: TaskUpdate[]
  fromCache: boolean
  /** Some task shown has a write (from any tab) the server has not acknowledged. */
  hasPendingWrites: boolean
}

/** The most writes one batch may hold (Firestore's limit). */
export const MAX_BATCH_WRITES = 500

/** The signed-in session's account as the server holds it (docs/sync.md, "Delete account"). */
export type AccountStanding =
  /** The server takes its writes. */
  | { kind: 'open' }
  /**
   * Its deletion is under way (begun by this page: `here`): adds and changes are refused until
   * it stops, or lapses at `until` (ms since the epoch).
   */
  | { kind: 'closing'; here: boolean; until: number }
  /** An account with its address was deleted since it signed in: nothing of it is taken. */
  | { kind: 'closed'; here: boolean }

/**
 * The code a write is refused with while the account is being deleted (or is closed): the
 * server's own refusal (`permission-denied`) is told apart so the page never calls it one.
 */
export const ACCOUNT_CLOSING = 'account-closing'

/** Where the tasks are kept between visits. */
export type Persistence = 'device' | 'memory'

/**
 * The `tasks` collection through a client that keeps pending writes on the device and sends
 * them, retrying. A write resolves once acknowledged and rejects only when refused for good.
 */
export interface TaskRepository {
  /** Follows the tasks of `email`; `onError` once if the query fails (it has stopped). */
  watch(
    email: string,
    onSnapshot: (snapshot: TasksSnapshot) => void,
    onError: (err: unknown) => void,
  ): () => void
  /** A new connection (an answer lost on the old one never comes); queued writes stay. */
  reconnect(): Promise<void>
  add(task: Task): Promise<void>
  /** Writes only `changes` to `tasks/{id}`, which must exist: another device's fields stay. */
  update(id: string, changes: TaskChanges): Promise<void>
  delete(id: string): Promise<void>
  /** One batch (at most {@link MAX_BATCH_WRITES}): all or none. */
  addMany(tasks: readonly Task[]): Promise<void>
  /** One batch (at most {@link MAX_BATCH_WRITES}): all or none. */
  deleteMany(ids: readonly string[]): Promise<void>
  /** Up to `atMost` ids the server holds for `email`; rejects when it cannot be asked. */
  idsOnServer(email: string, atMost: number): Promise<string[]>
  /** The server's own count for `email` (unsent changes play no part); rejects offline. */
  countOnServer(email: string): Promise<number>
  /**
   * Begins the signed-in account's deletion, or takes its next step: from now the server refuses
   * the account's adds and changes, from every device, until it stops or lapses.
   */
  beginDeletion(): Promise<void>
  /**
   * Deletes the tasks `ids` (at most {@link MAX_BATCH_WRITES} - 1) at once or not at all, never
   * queued on the device: once this settles, nothing of it can land later. `last`: the account
   * is closed with them, and no token signed in before now is taken again.
   */
  deleteTasksOfAccount(ids: readonly string[], last: boolean): Promise<void>
  /** Stops this page's deletion (what went stays gone); tried again while the page lives. */
  stopDeletion(): Promise<void>
  /** The signed-in session's account as the server holds it now. */
  standing(): Promise<AccountStanding>
  /** The same, each time it changes, from the server only. */
  watchStanding(
    onChange: (standing: AccountStanding) => void,
    onError: (err: unknown) => void,
  ): () => void
  /** Whether every write of the signed-in user reaches the server within `withinMs`. */
  allSaved(withinMs: number): Promise<boolean>
  /** Whether closing the page now would lose a change (held in its memory only). */
  changesOnlyInMemory(): boolean
  /**
   * Calls `onChange` with {@link changesOnlyInMemory}'s new answer each time it changes (a
   * moment later, once per turn of the event loop); returns the stop.
   */
  watchChangesInMemory(onChange: (inMemory: boolean) => void): () => void
  /**
   * After sign-out: removes all the device keeps but unsent writes (anyone's); with
   * `dropUnsent` (account deleted) those of the account followed too. Resolves with the count
   * dropped.
   */
  clearDevice(options?: { dropUnsent?: boolean }): Promise<number>
  /** Whether tasks and pending writes are kept on the device or in memory only. */
  persistence(): Promise<Persistence>
}

/** The signed-in user, as much of it as the product reads. */
export interface AuthUser {
  displayName: string | null
  email: string | null
  photoURL: string | null
}

/** The sign-in client. */
export interface AuthService {
  /** The provider's popup; rejects on any failure. */
  signInWithPopup(): Promise<AuthUser>
  signOut(): Promise<void>
  /** Every change of sign-in state (null: signed out). */
  onAuthStateChanged(callback: (user: AuthUser | null) => void): () => void
  hasCurrentUser(): boolean
  /** Signed in recently enough to delete the account (Firebase: five minutes). */
  signedInRecently(): Promise<boolean>
  /** The popup again for the same user (`auth/user-mismatch`: another was chosen). */
  reauthenticate(): Promise<void>
  /**
   * Deletes the account (signing out); resolves too when the server no longer knows it (an
   * earlier answer was lost). `auth/network-request-failed`: deleted or not, nobody knows.
   */
  deleteAccount(): Promise<void>
  /** Whether the account is gone from the server (ID tokens outlive it by up to an hour). */
  accountGone(): Promise<boolean>
}

/** The browser's session storage, limited to the one key the spec keeps there. */
export interface SessionStore {
  getUserEmail(): string | null
  setUserEmail(email: string): void
  removeUserEmail(): void
}

/** Who was signed in on this device and did not sign out, kept for the next visit's first paint. */
export interface LastUserStore {
  get(): string | null
  set(email: string | null): void
}

/** A write the app's earlier versions queued on this device and never sent. */
export type LegacyWrite =
  | { kind: 'add'; task: Task }
  | { kind: 'update'; id: string; task: Task; changes: TaskChanges }
  | { kind: 'delete'; id: string }

/** The outbox of the app's versions before the Firestore SDK kept the writes. */
export interface LegacyOutbox {
  /** Removes and returns `email`'s writes, oldest first; the store goes once it is empty. */
  take(email: string): Promise<LegacyWrite[]>
}

/** Where the product's console messages go. */
export interface Logger {
  error(message: string, err: unknown): void
  info(message: string): void
  warn(message: string, err?: unknown): void
}

/** Everything the store's effects reach: the listener middleware's `extra`. */
export interface Services {
  tasks: TaskRepository
  auth: AuthService
  session: SessionStore
  lastUser: LastUserStore
  legacyOutbox: LegacyOutbox
  logger: Logger
  /** Shows a blocking message (`window.alert`). */
  alert: (message: string) => void
  /** Fires the mark-as-done confetti; nothing for people who prefer reduced motion. */
  celebrate: () => void
}
