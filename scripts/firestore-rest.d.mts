/** Stores `tasks` ({id, ...fields}) as they are, 500 to a commit (Firestore's limit). */
export function seedTasks(origin: string, tasks: readonly { id: string }[]): Promise<void>
/** Deletes every document (the emulator's own endpoint, which backend/ answers too). */
export function clearDatabase(origin: string): Promise<void>
