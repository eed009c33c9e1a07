export interface Engine {
  kind: 'firebase-tools' | 'jar'
  name: string
  reason: string
  java?: number
  jar?: string
}
export interface ServiceSpec {
  name: string
  command: string
  args: string[]
  env?: Record<string, string>
  readyUrls?: string[]
  readyOutput?: RegExp
  ports?: number[]
  stop?: { signal?: 'SIGINT' | 'SIGTERM'; timeoutMs?: number; saving?: string }
  beforeStop?: () => Promise<string | undefined>
}
export interface Ports {
  auth: number
  firestore: number
  hub?: number
  logging?: number
  websocket?: number
}
export declare const PROJECT: string
export declare const HOST: string
export declare const DEFAULT_PORTS: Ports
export declare const BACKENDS: string[]
export declare function javaVersion(): number | null
export declare function installedJar(env?: NodeJS.ProcessEnv): string | null
export declare function requestedBackend(
  argv?: string[],
  env?: NodeJS.ProcessEnv,
): string | undefined
export declare function findEngine(backend?: string): Engine
export declare function engineServices(
  engine: Engine,
  options?: {
    ports?: Ports
    importFrom?: { emulators?: string; firestore?: string; auth?: string }
    configDir?: string
    auth?: boolean
  },
): ServiceSpec[]
export declare function shellCommand(spec: Pick<ServiceSpec, 'command' | 'args'>): string
