/**
 * The app's own domain types and the interfaces of everything outside the store.
 * Nothing in here names Firebase: adapters in this folder translate to and from it.
 */

/** A task as the page holds it: the stored fields plus the document id. */
export interface Task {
  /** The document id, made on the client before the task is first written. */
  id: string
  /** The task text, trimmed, 1 to {@link MAX_TASK_LENGTH} characters. */
  task: string
  isFinished: boolean
  /** The owner's e-mail address; a user sees only the tasks carrying theirs. */
  email: string
  /**
   * Our own stored sort key: sorting a user's tasks by it reproduces their list.
   * Reducers set it; see `src/features/tasks/ordering.ts`.
   */
  order: number
}

/** The fields a change on one device sets: the text, or the finished state with its order. */
export type TaskField = 'task' | 'isFinished' | 'order'
export const TASK_FIELDS: readonly TaskField[] = ['task', 'isFinished', 'order']

/** A task as a load returns it. Documents written by older clients may carry no order. */
export type LoadedTask = Omit<Task, 'order'> & { order?: number }

/** Whether two tasks hold the same stored fields (their text, state, owner and order). */
export const sameTaskFields = (a: LoadedTask, b: LoadedTask): boolean =>
  a.task === b.task && a.isFinished === b.isFinished && a.email === b.email && a.order === b.order

/** The longest task text, in UTF-16 code units after trimming (what `maxLength` counts). */
export const MAX_TASK_LENGTH = 1000

/** The tasks collection, one document per task, keyed by its id. */
export interface TaskRepository {
  /** A new, unique document id. Synchronous, so a task exists in the list before any write. */
  newId(): string
  /** All tasks whose `email` equals the given address, in no particular order. */
  load(email: string): Promise<LoadedTask[]>
  /** Creates the document `tasks/{task.id}` with `task`, `isFinished`, `email` and `order`. */
  add(task: Task): Promise<void>
  /**
   * The add again, after an attempt whose answer was lost (it may have reached the server):
   * creates the document if it does not exist; if it does, writes only `changedSince` (the
   * fields changed on this device since that attempt), so a change another device made to it
   * meanwhile stays.
   */
  addAgain(task: Task, changedSince: readonly TaskField[]): Promise<void>
  /**
   * Partially updates `tasks/{id}`: only the fields given (those changed on this device), so
   * a field changed on another device keeps its value. Fails if the document does not exist.
   */
  update(id: string, changes: Partial<Pick<Task, TaskField>>): Promise<void>
  /** Deletes `tasks/{id}`. */
  delete(id: string): Promise<void>
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
  /** Calls back with every change of sign-in state (null when signed out). Returns an unsubscribe. */
  onAuthStateChanged(callback: (user: AuthUser | null) => void): () => void
  /** Whether a user is signed in right now. */
  hasCurrentUser(): boolean
  /** Gets the signed-in user a fresh ID token (after the server refused the old one). */
  refreshToken(): Promise<void>
  /** The signed-in user's ID token, renewed first if it has expired; null when signed out. */
  idToken(): Promise<string | null>
}

/** The browser's session storage, limited to the one key the product keeps there. */
export interface SessionStore {
  getUserEmail(): string | null
  setUserEmail(email: string): void
  removeUserEmail(): void
}

/** Where the product's console messages go. */
export interface Logger {
  /** Logs `message` with the error to `console.error`. */
  error(message: string, err: unknown): void
  /** Logs to `console.log`. */
  info(message: string): void
  /** Logs to `console.warn`. */
  warn(message: string, err?: unknown): void
}

/** The lists kept on this device, per user, shown at once on the next visit. */
export interface ListCache {
  get(email: string): Promise<Task[] | null>
  put(email: string, tasks: Task[]): Promise<void>
  /** Forgets the list kept for `email` (they signed out on this device). */
  remove(email: string): Promise<void>
  /**
   * Who is signed in on this device, as last known: their kept list is shown while sign-in
   * is being checked. Null after they signed out.
   */
  lastUser(): string | null
  setLastUser(email: string | null): void
}

/**
 * A write waiting to reach the server: the latest one for its document. An update carries the
 * task as this device now shows it, but only `fields` (those changed on this device) are
 * written: a field changed only on another device keeps the server's value.
 */
export type OutboxWrite =
  | {
      kind: 'add'
      task: Task
      /**
       * Once an attempt was made, the fields changed here since: if that attempt reached the
       * server, a retry writes only these (another device may have changed the rest).
       */
      fields?: TaskField[]
    }
  | { kind: 'update'; task: Task; fields: TaskField[] }
  | { kind: 'delete'; id: string; email: string }

/** A stored outbox entry: at most one per document, keyed by the document id. */
export type OutboxEntry = OutboxWrite & {
  /** The document id (also `task.id` for adds and updates). */
  id: string
  /** The owner's e-mail: an entry is sent only with that user's token. */
  email: string
  /** Grows with every change of the entry, so an acknowledgement removes only what was sent. */
  seq: number
  /** Whether a send was ever tried: the server may then already hold the document. */
  attempted: boolean
  /**
   * The server has taken this write, but the list kept on the device may not show it yet
   * (it is written at most every 300 ms): the entry stays, never sent again, so a reload in
   * that moment still shows the change. Writing the kept list removes it.
   */
  acknowledged?: true
}

export interface OutboxStats {
  sent: number
  failedAttempts: number
  retries: number
  coalesced: number
  dropped: number
}

/** What the outbox tells the page, for the sync status. */
export type OutboxEvent =
  /** The active user's count of unacknowledged writes, and whether changes survive a reload. */
  | { type: 'status'; email: string; pending: number; durable: boolean }
  /** The server took a write. */
  | { type: 'delivered' }
  /** A write failed for now (the server or the network could not be reached). */
  | { type: 'unreachable' }
  /** The server refused a write for good: it was dropped. */
  | { type: 'refused'; write: OutboxEntry; code: string }

/**
 * The durable outbox: every write is recorded (coalesced per document) before it is sent, and
 * removed once the server acknowledges it. Sending happens for the active user only, one entry
 * after another, with retries for everything but the server's final refusals.
 */
export interface Outbox {
  /** Records a write for its owner and starts sending if that owner is the active user. */
  enqueue(write: OutboxWrite): Promise<void>
  /** The owner's writes not yet acknowledged by the server, oldest change first. */
  pending(email: string): Promise<OutboxEntry[]>
  /**
   * The owner's pending writes and the acknowledged ones the kept list may not show yet
   * (marked `acknowledged`), oldest change first: what to apply over the kept list.
   */
  changes(email: string): Promise<OutboxEntry[]>
  /**
   * The same, read while no write is being recorded and when none began during the read: a
   * list built from them and dispatched at once misses no change the person made meanwhile.
   */
  settledChanges(email: string): Promise<OutboxEntry[]>
  /**
   * The server's list holds these documents: adds of them tried before did get through, so
   * what is left of them is sent as updates.
   */
  onServer(email: string, ids: ReadonlySet<string>): Promise<void>
  /** From now on sends the entries of `email` (the signed-in user), or nothing for null. */
  setActiveUser(email: string | null): void
  /** Sends now, skipping any backoff wait (the browser is back online, the tab is visible). */
  flushNow(): void
  /** Resolves once nothing is being sent or waiting to be sent right now. */
  idle(): Promise<void>
  /** How many writes were handed over and are not yet recorded on the device. */
  unrecorded(): number
  /** Calls `listener` with every event; returns an unsubscribe. */
  subscribe(listener: (event: OutboxEvent) => void): () => void
  stats(): OutboxStats
  /** Stops timers; for tests and page teardown. */
  close(): void
}

/** Where the outbox and the kept lists live: IndexedDB, or memory where it is unusable. */
export interface LocalStore {
  /** Whether what it holds survives a reload (false for memory). */
  readonly durable: boolean
  /**
   * Replaces the entry of document `id` by `change(current, nextSeq)` in one atomic step
   * (one IndexedDB transaction, so tabs never interleave); null removes it.
   */
  changeEntry(
    id: string,
    change: (current: OutboxEntry | undefined, nextSeq: number) => OutboxEntry | null,
  ): Promise<void>
  /** The entries of one owner, oldest change first. */
  entriesOf(email: string): Promise<OutboxEntry[]>
  /** The last list kept for `email`, or null. */
  getList(email: string): Promise<Task[] | null>
  /**
   * Keeps `tasks` as the list of `email` and, in the same step, removes that owner's
   * acknowledged entries: the list, read from the app's state just before, shows them.
   */
  putList(email: string, tasks: Task[]): Promise<void>
  /** Forgets the list kept for `email` (after they signed out); their entries stay. */
  removeList(email: string): Promise<void>
}

/** A change made in one tab, for the other tabs of the same browser. */
export interface TabChange {
  email: string
  upserts: Task[]
  deletes: string[]
}

/** Tells the other tabs of this browser about changes to the list, and hears theirs. */
export interface TabSync {
  publish(change: TabChange): void
  /** Returns an unsubscribe. */
  subscribe(listener: (change: TabChange) => void): () => void
}

/** Everything the store's effects reach; passed as the listener middleware's `extra`. */
export interface Services {
  tasks: TaskRepository
  /** Every write goes through it: recorded on the device first, sent until acknowledged. */
  outbox: Outbox
  listCache: ListCache
  tabSync: TabSync
  auth: AuthService
  session: SessionStore
  logger: Logger
  /** Shows a blocking message to the user (`window.alert`). */
  alert: (message: string) => void
  /** Fires the mark-as-done confetti; does nothing for users who prefer reduced motion. */
  celebrate: () => void
  /**
   * Lets Firebase (Auth, Firestore) load: until then it waits, so that what the device can
   * show is drawn first. Auth and the task repository can be used before; they wait too.
   */
  loadRemote: () => void
}

/** What the outbox is built on. */
export interface OutboxDependencies {
  store: LocalStore
  repository: TaskRepository
  logger: Logger
  /** The console message for a failed write of each kind (the spec's words). */
  failureMessages: Record<OutboxWrite['kind'], string>
  /** Forces a fresh ID token for the signed-in user. */
  refreshToken: () => Promise<void>
  /** Runs `task` while holding the cross-tab send lock (Web Locks), or at once without it. */
  withSendLock?: <T>(task: () => Promise<T>) => Promise<T>
  setTimeout?: (callback: () => void, ms: number) => unknown
  clearTimeout?: (handle: unknown) => void
  random?: () => number
}
