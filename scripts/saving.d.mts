import type { Engine } from './engine.mjs'
import type { Saved, StoreShape } from './saved-data.mjs'

export interface Store extends StoreShape {
  key: 'emulators' | 'firestore' | 'auth'
  name: string
  dir: string
}
export declare const SAVING: string
export declare const PREVIOUS: string
export declare const NOTHING: Saved
export declare function dataStores(engine: Pick<Engine, 'kind'>, dataDir: string): Store[]
export declare function show(path: string): string
export declare function describe(saved: Saved, store: StoreShape): string
export declare function asideName(dir: string, why: string, now?: Date): string
export declare function saveStore(
  store: Store,
  saved: Saved,
  options: {
    exportInto: (dir: string) => Promise<void>
    liveCounts: () => Promise<{ documents?: number; accounts?: number }>
    keep?: boolean
    now?: Date
  },
): Promise<{ changed: boolean; saved: Saved; kept?: string }>
export interface Prepared {
  /** The folder to import from, if any. */
  from: string | undefined
  saved: Saved
  lines: string[]
  warnings: string[]
}
export declare function prepareStore(
  store: Store,
  options?: { fresh?: boolean; now?: Date },
): Prepared
