import { deleteApp } from 'firebase/app'
import { GoogleAuthProvider, signInWithCredential, type Auth } from 'firebase/auth'
import { afterEach, describe, expect, it } from 'vitest'
import { readFirebaseSettings } from '../../../src/config/env'
import { initFirebaseApp } from '../../../src/services/firebase/firebaseApp'
import {
  createFirebaseAuthService,
  initFirebaseAuth,
} from '../../../src/services/firebase/firebaseAuth'
import type { AuthUser } from '../../../src/services/appServices'
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

  const signInAs = async (auth: Auth, sub: string, email: string) => {
    const googleIdToken = JSON.stringify({ sub, email, email_verified: true, name: 'Someone' })
    await signInWithCredential(auth, GoogleAuthProvider.credential(googleIdToken))
  }

  it('deleteAccount deletes the account, and signs the user out', async () => {
    const { auth, service } = firebaseAuthService()
    await signInAs(auth, 'del-1', 'leaving@example.com')
    expect(await service.accountGone()).toBe(false)
    await service.deleteAccount()
    expect(identityToolkit.accounts.has('leaving@example.com')).toBe(false)
    expect(service.hasCurrentUser()).toBe(false)
  })

  it('deleteAccount of an account already gone (an earlier answer lost) resolves', async () => {
    const { auth, service } = firebaseAuthService()
    await signInAs(auth, 'del-2', 'gone@example.com')
    // The first call went through; its answer never came.
    identityToolkit.accounts.delete('gone@example.com')
    // The SDK names the server's USER_NOT_FOUND auth/user-token-expired, and signs out.
    await expect(service.deleteAccount()).resolves.toBeUndefined()
    expect(service.hasCurrentUser()).toBe(false)
  })

  it('accountGone: true once deleted on another device, signing nobody out', async () => {
    const { auth, service } = firebaseAuthService()
    await signInAs(auth, 'del-3', 'elsewhere@example.com')
    identityToolkit.accounts.delete('elsewhere@example.com')
    expect(await service.accountGone()).toBe(true)
    expect(service.hasCurrentUser()).toBe(true)
  })

  it('accountGone: false when the server cannot be asked', async () => {
    const { auth, service } = firebaseAuthService()
    await signInAs(auth, 'del-4', 'offline@example.com')
    identityToolkit.setReachable(false)
    try {
      expect(await service.accountGone()).toBe(false)
    } finally {
      identityToolkit.setReachable(true)
    }
  })
})
