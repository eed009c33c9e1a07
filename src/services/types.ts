// A task and the tasks' repository, in the app's own words: no Firebase here. The other
// services the store's effects reach, and `Services` that gathers them, are in appServices.ts.

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
  /** The list it is in: one of the owner's lists, by id (`LIST_ID`); null: "My tasks". */
  list: string | null
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

/** One of a person's own lists besides "My tasks" (`people/{key}/lists/{slot}`). */
export interface ListEntry {
  /** Its slot, "1" to "200" (taskDocument.ts's LIST_ID): what a task's `list` names. */
  id: string
  /** What the person called it: visible, at most {@link MAX_LIST_NAME_LENGTH}. */
  name: string
  /** Its place among the lists, a fractional key (model/ranks.ts). */
  rank: string
  /** A random tag set when it is made, never changed: two lists made in one slot never merge. */
  made: string
}
export type ListChanges = Partial<Pick<ListEntry, 'name' | 'rank'>>
export const MAX_LIST_NAME_LENGTH = 100

/** The person's lists, live; writes queued on the device and sent as tasks' are. */
export interface ListRepository {
  watchLists(
    onLists: (snapshot: { lists: ListEntry[]; fromCache: boolean }) => void,
    onError: (err: unknown) => void,
  ): () => void
  addList(list: ListEntry): Promise<void>
  changeList(id: string, changes: ListChanges): Promise<void>
  deleteList(id: string): Promise<void>
}

/** Where the tasks are kept between visits. */
export type Persistence = 'device' | 'memory'

/**
 * The `tasks` collection through a client that keeps pending writes on the device and sends
 * them, retrying. A write resolves once acknowledged and rejects only when refused for good.
 */
export interface TaskRepository extends ListRepository {
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
   * is closed with them and every list of the person deleted (so at most
   * {@link MAX_BATCH_WRITES} - 1 - 200 tasks then), and no token signed in before now is taken
   * again.
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
