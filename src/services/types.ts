/**
 * The contracts of everything outside the store, in the app's own words. Nothing here names
 * Firebase: the adapters in services/firebase translate to and from it.
 */

/** A task as the page holds it: its stored fields, and its document id. */
export interface Task {
  /** The document id, made in the page before the task is first written. */
  id: string
  /** The task text: trimmed, with a visible character, at most {@link MAX_TASK_LENGTH}. */
  task: string
  isFinished: boolean
  /** The owner's e-mail address: always the signed-in Firebase user's. */
  email: string
  /**
   * Our stored sort key within the task's region (open, then finished), ties broken by id; null
   * for a document stored without one (the original app's), which sorts by its id.
   */
  order: number | null
  /**
   * A fractional key breaking ties between equal orders (a move that found no number free), or
   * null: then the task ranks by its id.
   */
  rank: string | null
}

/** The stored fields a click changes; `id` and `email` never change. */
export type TaskChanges = Partial<Omit<Task, 'id' | 'email'>>

/** The longest task text, in UTF-16 code units after trimming (what `maxLength` counts). */
export const MAX_TASK_LENGTH = 1000

/** One change the live query saw, with whether this page still waits for its own write of it. */
export type TaskUpdate =
  | { kind: 'changed'; task: Task; pendingHere: boolean }
  | { kind: 'removed'; id: string; pendingHere: boolean }

/** What the live query reports each time the user's tasks change, here or on another device. */
export interface TasksSnapshot {
  /** The changes since the last report; the first report holds every task. */
  updates: TaskUpdate[]
  /** Served from the device's cache: the server could not be asked yet, or not at all. */
  fromCache: boolean
  /** Some task shown has a write the server has not acknowledged yet (from any tab). */
  hasPendingWrites: boolean
}

/** The most writes one batch may hold (Firestore's limit). */
export const MAX_BATCH_WRITES = 500

/** Where the tasks are kept between visits. */
export type Persistence = 'device' | 'memory'

/**
 * The `tasks` collection, one document per task, through a database client that keeps pending
 * writes on the device and sends them, retrying, to the server with the signed-in user's token.
 * Each write resolves once the server has acknowledged it, and rejects only when the server
 * refuses it for good (offline and outages are waited out, not failures).
 */
export interface TaskRepository {
  /**
   * Follows the tasks whose `email` is `email`: `onSnapshot` first with every task, then with
   * each change. `onError` once if the query fails; it has then stopped. Returns a stop.
   */
  watch(
    email: string,
    onSnapshot: (snapshot: TasksSnapshot) => void,
    onError: (err: unknown) => void,
  ): () => void
  /**
   * Closes the connection to the server and opens a new one (an answer lost on the way never
   * comes on the old one); writes waiting to be sent stay queued.
   */
  reconnect(): Promise<void>
  /** Creates `tasks/{task.id}` with every stored field of `task`. */
  add(task: Task): Promise<void>
  /** Writes only `changes` to `tasks/{id}`, which must exist: another device's fields stay. */
  update(id: string, changes: TaskChanges): Promise<void>
  delete(id: string): Promise<void>
  /**
   * Creates every task of `tasks` (at most {@link MAX_BATCH_WRITES}) in one batch: the server
   * stores all of them or, refusing one, none.
   */
  addMany(tasks: readonly Task[]): Promise<void>
  /** Deletes the tasks of `ids` (at most {@link MAX_BATCH_WRITES}) in one batch: all or none. */
  deleteMany(ids: readonly string[]): Promise<void>
  /**
   * The ids of at most `atMost` tasks of `email` the server holds, with this device's changes
   * not sent yet applied (a delete queued here hides its task: ask once they are sent,
   * `allSaved`); never from the device's cache alone: rejects when the server cannot be asked.
   */
  idsOnServer(email: string, atMost: number): Promise<string[]>
  /**
   * How many tasks of `email` the server holds, counted by the server: this device's changes
   * not sent yet play no part. Rejects when the server cannot be asked.
   */
  countOnServer(email: string): Promise<number>
  /**
   * Marks the signed-in user's account deleted on the server (a document holding only the
   * server's time): from then on the rules refuse their task creates and updates, from every
   * device. Resolves once the server has it.
   */
  markAccountDeleted(): Promise<void>
  /** Takes the mark back (the deletion did not happen): their writes are taken again. */
  unmarkAccountDeleted(): Promise<void>
  /**
   * Follows the signed-in user's mark as the server holds it: `onChange(true)` when it is set
   * (by another page: this page's own deletion is not reported), `onChange(false)` when it is
   * not or no longer. `onError` once if it fails; it has then stopped. Returns a stop.
   */
  watchAccountMark(onChange: (marked: boolean) => void, onError: (err: unknown) => void): () => void
  /**
   * Whether every write of the signed-in user reaches the server within `withinMs`: false at
   * once when the browser is offline.
   */
  allSaved(withinMs: number): Promise<boolean>
  /**
   * Whether a change made on this page is held in its memory only (not yet on the device's
   * disk, or with no disk, not yet acknowledged): closing the page now would lose it.
   */
  changesOnlyInMemory(): boolean
  /**
   * Removes what the device keeps of everyone (cached tasks, the session's traces) but the
   * writes not yet sent, anyone's, which stay queued for their owner's next sign-in here; used
   * after sign-out. With `dropUnsent` (the account was deleted), those of the account last
   * followed here (`watchAccountMark`) go too. Resolves with how many changes were dropped.
   */
  clearDevice(options?: { dropUnsent?: boolean }): Promise<number>
  /** Where tasks and pending writes are kept: on the device, or in memory only (lost at a reload). */
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
  /** Opens the provider's popup; resolves once signed in, rejects on any failure. */
  signInWithPopup(): Promise<AuthUser>
  signOut(): Promise<void>
  /** Calls back with every change of sign-in state (null: signed out). Returns an unsubscribe. */
  onAuthStateChanged(callback: (user: AuthUser | null) => void): () => void
  /** Whether a user is signed in right now. */
  hasCurrentUser(): boolean
  /**
   * Whether the signed-in user signed in recently enough to delete their account (the provider
   * asks for a sign-in of the last few minutes: Firebase, five).
   */
  signedInRecently(): Promise<boolean>
  /**
   * The provider's popup again, for the signed-in user; rejects on any failure
   * (`auth/user-mismatch`: another account was chosen).
   */
  reauthenticate(): Promise<void>
  /**
   * Deletes the signed-in user's account, which signs them out; resolves too when the server no
   * longer knows it (an earlier call went through and its answer was lost). Rejects with
   * `auth/requires-recent-login` when their sign-in is too old, `auth/network-request-failed`
   * when the answer did not come (deleted or not, nobody knows).
   */
  deleteAccount(): Promise<void>
  /**
   * Whether the signed-in user's account is gone from the server (deleted on another device,
   * whose ID tokens stay valid for up to an hour): false while the server knows it, or cannot
   * be asked. Signs nobody out.
   */
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
  /**
   * Removes the writes `email` left in it and returns them, oldest first; once nobody's are
   * left, the old store is deleted. Nothing when this browser never had it.
   */
  take(email: string): Promise<LegacyWrite[]>
}

/** Where the product's console messages go. */
export interface Logger {
  /** `console.error(message, err)`. */
  error(message: string, err: unknown): void
  /** `console.log(message)`. */
  info(message: string): void
  /** `console.warn`. */
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
