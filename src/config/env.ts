// The one reader of the environment, for the app (viteEnv.ts) and `npm start` alike. Node runs
// it as it is (type stripping): no imports, and only erasable syntax (no enums or namespaces).

export interface FirebaseSettings {
  apiKey: string
  authDomain: string
  projectId: string
  appId?: string
  emulators?: { authUrl: string; firestoreHost: string; firestorePort: number }
}
export interface AppConfig {
  firebase: FirebaseSettings
}

export type Env = Partial<Record<string, string>>

const PROJECT_VARIABLES = [
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_AUTH_DOMAIN',
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_APP_ID',
] as const

/** The only variables the app's bundle carries. */
export const ENV_VARIABLES = [...PROJECT_VARIABLES, 'VITE_USE_EMULATORS'] as const
/** The project every emulator run uses; `demo-` ids never reach a real project. */
export const DEMO_PROJECT_ID = 'demo-todo'
// The app connects there, and scripts/emulators.ts starts the emulators there.
export const EMULATOR_HOST = '127.0.0.1'
export const EMULATOR_PORTS = { auth: 9099, firestore: 8080 }

const LOCAL_EMULATORS = {
  authUrl: `http://${EMULATOR_HOST}:${String(EMULATOR_PORTS.auth)}`,
  firestoreHost: EMULATOR_HOST,
  firestorePort: EMULATOR_PORTS.firestore,
}

function readFlag(env: Env, name: string): boolean | undefined {
  const value = env[name]?.trim().toLowerCase()
  if (value === undefined || value === '') return undefined
  if (value === 'true' || value === '1') return true
  if (value === 'false' || value === '0') return false
  throw new Error(`${name} must be true or false, not "${env[name] ?? ''}".`)
}

/** With no project variables: the demo project; with some but not all: an error naming the rest. */
export function readFirebaseSettings(env: Env): FirebaseSettings {
  const given = PROJECT_VARIABLES.filter((name) => env[name]?.trim())
  const useEmulators = readFlag(env, 'VITE_USE_EMULATORS') ?? given.length === 0
  if (given.length === 0) {
    return {
      apiKey: 'demo-api-key',
      authDomain: `${DEMO_PROJECT_ID}.firebaseapp.com`,
      projectId: DEMO_PROJECT_ID,
      ...(useEmulators ? { emulators: LOCAL_EMULATORS } : {}),
    }
  }
  const missing = PROJECT_VARIABLES.filter((name) => !env[name]?.trim())
  if (missing.length > 0) {
    throw new Error(
      `The Firebase configuration is incomplete: set ${missing.join(', ')} (see .env.example), ` +
        'or unset all of them to use the local emulators.',
    )
  }
  const value = (name: (typeof PROJECT_VARIABLES)[number]) => env[name]?.trim() ?? ''
  return {
    apiKey: value('VITE_FIREBASE_API_KEY'),
    authDomain: value('VITE_FIREBASE_AUTH_DOMAIN'),
    projectId: value('VITE_FIREBASE_PROJECT_ID'),
    appId: value('VITE_FIREBASE_APP_ID'),
    ...(useEmulators ? { emulators: LOCAL_EMULATORS } : {}),
  }
}

/** Where a page on the emulators may be given its project before its scripts run. */
export const EMULATOR_PROJECT_GLOBAL = 'todoEmulatorProject'

/**
 * With the emulators only: the `demo-` project the page was given in
 * `globalThis[EMULATOR_PROJECT_GLOBAL]` before its scripts ran, else the settings as they are.
 * The browser tests give each worker its own, so that workers on one Firestore emulator never
 * see each other's data (docs/testing.md). A real project's build never reads it.
 */
export function withEmulatorProject(settings: FirebaseSettings, given: unknown): FirebaseSettings {
  if (!settings.emulators || typeof given !== 'string') return settings
  if (!/^demo-[a-z0-9-]{1,24}$/.test(given)) return settings
  return { ...settings, projectId: given }
}

export function parseConfig(
  env: Env,
): { ok: true; config: AppConfig } | { ok: false; errors: string[] } {
  try {
    return { ok: true, config: { firebase: readFirebaseSettings(env) } }
  } catch (error) {
    return { ok: false, errors: [error instanceof Error ? error.message : String(error)] }
  }
}

export function readConfig(env: Env): AppConfig {
  const result = parseConfig(env)
  if (!result.ok) throw new Error(`The environment is invalid:\n- ${result.errors.join('\n- ')}`)
  return result.config
}
