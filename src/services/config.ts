/** Where the app's Firebase lives: a real project, or the local emulators. */
export interface FirebaseSettings {
  apiKey: string
  authDomain: string
  projectId: string
  appId?: string
  /** Set when the app talks to the local emulators instead of Google's services. */
  emulators?: {
    /** The Auth emulator's origin, e.g. `http://127.0.0.1:9099`. */
    authUrl: string
    /** The Firestore emulator's (or the local backend's) host and port. */
    firestoreHost: string
    firestorePort: number
  }
}

export type Env = Partial<Record<string, string>>

const PROJECT_VARIABLES = [
  'VITE_FIREBASE_API_KEY',
  'VITE_FIREBASE_AUTH_DOMAIN',
  'VITE_FIREBASE_PROJECT_ID',
  'VITE_FIREBASE_APP_ID',
] as const

/** The project every emulator run uses; `demo-` ids never reach a real project. */
export const DEMO_PROJECT_ID = 'demo-todo'

const LOCAL_EMULATORS = {
  authUrl: 'http://127.0.0.1:9099',
  firestoreHost: '127.0.0.1',
  firestorePort: 8080,
}

function readFlag(env: Env, name: string): boolean | undefined {
  const value = env[name]?.trim().toLowerCase()
  if (value === undefined || value === '') return undefined
  if (value === 'true' || value === '1') return true
  if (value === 'false' || value === '0') return false
  throw new Error(`${name} must be true or false, not "${env[name] ?? ''}".`)
}

/**
 * The settings from Vite's environment. With no project variables the app runs against the
 * local emulators under the demo project; with some but not all it refuses to start, naming
 * what is missing, rather than half-work against a real project.
 */
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

/**
 * `VITE_REFRESH_EVERY_MINUTES`: also refresh the list this often while the page is visible
 * (off when unset). Each refresh reads every task of the user, and real Firestore bills each
 * read: 5,000 tasks every 5 minutes is 60,000 reads an hour per open tab.
 */
export function readRefreshInterval(env: Env): number | null {
  const value = env.VITE_REFRESH_EVERY_MINUTES?.trim()
  if (value === undefined || value === '') return null
  const minutes = Number(value)
  if (!Number.isFinite(minutes) || minutes < 1) {
    throw new Error(
      `VITE_REFRESH_EVERY_MINUTES must be a number of minutes, 1 or more, not "${value}".`,
    )
  }
  return minutes * 60_000
}
