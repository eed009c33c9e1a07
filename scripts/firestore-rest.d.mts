import type { Task } from '../src/services/types'

/** Stores documents exactly as given, whatever their shape, 500 to a commit. */
export function seedDocuments(
  origin: string,
  documents: readonly { id: string; data: object }[],
): Promise<void>
/** Stores `tasks` as the app stores them (src/services/taskDocument.ts), 500 to a commit. */
export function seedTasks(origin: string, tasks: readonly Task[]): Promise<void>
/** Deletes every document (the emulator's own endpoint, which backend/ answers too). */
export function clearDatabase(origin: string): Promise<void>
