import type { Task } from '../src/services/types'

/** An emulator's origin (the demo project), or its origin and a project of its own. */
export type Where = string | { origin: string; project: string }

/** Stores documents exactly as given, whatever their shape, 500 to a commit. */
export function seedDocuments(
  where: Where,
  documents: readonly { id: string; data: object }[],
): Promise<void>
/** Deletes the tasks of `ids` in one commit, as a client would. */
export function deleteTasks(where: Where, ids: readonly string[]): Promise<void>
/** Stores `tasks` as the app stores them (src/services/taskDocument.ts), 500 to a commit. */
export function seedTasks(where: Where, tasks: readonly Task[]): Promise<void>
/** The fields of `tasks/{id}` as stored, or null when there is no such document. */
export function storedDocument(where: Where, id: string): Promise<Record<string, unknown> | null>
/** The app's one query: the tasks whose owner is `email`. */
export function tasksQuery(email: string): object
/** The documents of `email`'s tasks as stored (every field, whatever wrote it), each one's last write. */
export function storedDocuments(
  where: Where,
  email: string,
): Promise<{ id: string; data: Record<string, unknown>; updateTime: string }[]>
/** Puts `content` in force as the rules at once. */
export function putRules(where: Where, content: string): Promise<void>
/** Deletes every document (the emulator's own endpoint, which backend/ answers too). */
export function clearDatabase(where: Where): Promise<void>
