import { readFirebaseSettings } from '../../src/config/env.ts'

/**
 * Where the build's Auth and Firestore requests go when it talks to the local emulators (read
 * by the app's own env reader), or null for Google's APIs. Shared by preconnect and the local
 * build's Content-Security-Policy (vite.config.ts).
 */
export function localApiOrigins(
  env: Record<string, string>,
): { auth: string; firestore: string } | null {
  const { emulators } = readFirebaseSettings(env)
  if (!emulators) return null
  return {
    auth: emulators.authUrl,
    firestore: `http://${emulators.firestoreHost}:${String(emulators.firestorePort)}`,
  }
}
