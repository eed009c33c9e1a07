import type { Outbox } from './outbox/outbox'
import type { TabSync } from './tabSync'

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
