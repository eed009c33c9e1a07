import type { Task, TaskChanges, TaskRepository } from './types'

// The services the store's effects reach besides the tasks' repository (types.ts): sign-in, what
// the browser keeps, the logger; and `Services`, all of them, the listener middleware's `extra`.
// In the app's own words: no Firebase here.

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
