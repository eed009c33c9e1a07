import { deleteApp } from 'firebase/app'
import { GoogleAuthProvider, signInWithCredential } from 'firebase/auth'
import { afterEach, describe, expect, it } from 'vitest'
import { readFirebaseSettings } from '../../../src/config/env'
import { initFirebaseApp } from '../../../src/services/firebase/firebaseApp'
import {
  createFirebaseAuthService,
  initFirebaseAuth,
} from '../../../src/services/firebase/firebaseAuth'
import type { AuthUser } from '../../../src/services/types'
import { identityToolkit } from '../../setup'

const settings = readFirebaseSettings({
  VITE_FIREBASE_API_KEY: 'test-api-key',
  VITE_FIREBASE_AUTH_DOMAIN: 'demo-todo.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'demo-todo',
  VITE_FIREBASE_APP_ID: '1:1:web:1',
  VITE_USE_EMULATORS: 'false',
})

const apps: { delete: () => Promise<void> }[] = []
afterEach(async () => {
  await Promise.all(apps.splice(0).map((app) => app.delete()))
})

function firebaseAuthService() {
  const app = initFirebaseApp(settings)
  apps.push({ delete: () => deleteApp(app) })
  const auth = initFirebaseAuth(app, settings)
  return { auth, service: createFirebaseAuthService(auth) }
}

describe('the Firebase Auth adapter, on the real Auth client against the identity REST API', () => {
  it('reports sign-in with only displayName, email and photoURL, and sign-out', async () => {
    const { auth, service } = firebaseAuthService()
    const reports: (AuthUser | null)[] = []
    const unsubscribe = service.onAuthStateChanged((user) => reports.push(user))
    await auth.authStateReady()
    expect(service.hasCurrentUser()).toBe(false)

    const googleIdToken = JSON.stringify({
      sub: 'ada-1',
      email: 'ada@example.com',
      email_verified: true,
      name: 'Ada Lovelace',
      picture: 'https://example.com/ada.png',
    })
    await signInWithCredential(auth, GoogleAuthProvider.credential(googleIdToken))
    expect(service.hasCurrentUser()).toBe(true)

    await service.signOut()
    unsubscribe()
    expect(reports).toEqual([
      null,
      {
        displayName: 'Ada Lovelace',
        email: 'ada@example.com',
        photoURL: 'https://example.com/ada.png',
      },
      null,
    ])
    expect(identityToolkit.requests).toContain('accounts:signInWithIdp')
    expect(service.hasCurrentUser()).toBe(false)
  })
})
