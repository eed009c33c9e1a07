import type { ServiceSpec } from './engine.mjs'

export declare const DEFAULT_TIMEOUT_MS: number
export declare function startTimeoutMs(argv?: string[], env?: NodeJS.ProcessEnv): number
export declare function portHolder(port: number): string | undefined
export interface RunningServices {
  /** Saves their data, stops them and waits until they have exited. */
  stop(): Promise<void>
  /** Kills them all at once, without saving. */
  kill(): void
  /** Resolves with a service's name when it exits by itself. */
  exited: Promise<string>
}
export declare function startProcesses(
  specs: ServiceSpec[],
  options: { timeoutMs?: number; logDir: string; say?: (line: string) => void },
): Promise<RunningServices>
