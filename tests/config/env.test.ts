import { describe, expect, it } from 'vitest'
import {
  parseConfig,
  readConfig,
  readFirebaseSettings,
  readRefreshInterval,
} from '../../src/config/env'

const project = {
  VITE_FIREBASE_API_KEY: 'key',
  VITE_FIREBASE_AUTH_DOMAIN: 'my-todo.firebaseapp.com',
  VITE_FIREBASE_PROJECT_ID: 'my-todo',
  VITE_FIREBASE_APP_ID: '1:2:web:3',
}

describe('the Firebase settings', () => {
  it('with nothing set use the demo project and the local emulators', () => {
    expect(readFirebaseSettings({})).toEqual({
      apiKey: 'demo-api-key',
      authDomain: 'demo-todo.firebaseapp.com',
      projectId: 'demo-todo',
      emulators: {
        authUrl: 'http://127.0.0.1:9099',
        firestoreHost: '127.0.0.1',
        firestorePort: 8080,
      },
    })
  })

  it('with a whole project configured use it, without emulators', () => {
    expect(readFirebaseSettings(project)).toEqual({
      apiKey: 'key',
      authDomain: 'my-todo.firebaseapp.com',
      projectId: 'my-todo',
      appId: '1:2:web:3',
    })
  })

  it('VITE_USE_EMULATORS overrides the default either way', () => {
    expect(readFirebaseSettings({ ...project, VITE_USE_EMULATORS: 'true' }).emulators).toBeDefined()
    expect(readFirebaseSettings({ VITE_USE_EMULATORS: 'false' }).emulators).toBeUndefined()
  })

  it('a half-filled configuration fails, naming each missing variable', () => {
    expect(() =>
      readFirebaseSettings({ VITE_FIREBASE_API_KEY: 'key', VITE_FIREBASE_PROJECT_ID: ' ' }),
    ).toThrow(/set VITE_FIREBASE_AUTH_DOMAIN, VITE_FIREBASE_PROJECT_ID, VITE_FIREBASE_APP_ID/)
  })

  it('refuses a VITE_USE_EMULATORS that is not true or false', () => {
    expect(() => readFirebaseSettings({ VITE_USE_EMULATORS: 'yes please' })).toThrow(
      'VITE_USE_EMULATORS must be true or false',
    )
  })
})

describe('the optional periodic refresh', () => {
  it('is off unless VITE_REFRESH_EVERY_MINUTES is set, and then that many minutes', () => {
    expect(readRefreshInterval({})).toBeNull()
    expect(readRefreshInterval({ VITE_REFRESH_EVERY_MINUTES: ' ' })).toBeNull()
    expect(readRefreshInterval({ VITE_REFRESH_EVERY_MINUTES: '5' })).toBe(300_000)
  })

  it('refuses anything but a number of minutes, 1 or more', () => {
    for (const value of ['0', '0.5', 'often', '-3']) {
      expect(() => readRefreshInterval({ VITE_REFRESH_EVERY_MINUTES: value })).toThrow(
        /VITE_REFRESH_EVERY_MINUTES must be a number of minutes/,
      )
    }
  })
})

describe('the whole configuration', () => {
  it('reads the Firebase settings and the refresh interval together', () => {
    expect(readConfig({ ...project, VITE_REFRESH_EVERY_MINUTES: '2' })).toEqual({
      firebase: readFirebaseSettings(project),
      refreshEveryMs: 120_000,
    })
  })

  it('names every problem at once, one line each', () => {
    const env = { VITE_USE_EMULATORS: 'maybe', VITE_REFRESH_EVERY_MINUTES: 'often' }
    expect(parseConfig(env)).toEqual({
      ok: false,
      errors: [
        'VITE_USE_EMULATORS must be true or false, not "maybe".',
        'VITE_REFRESH_EVERY_MINUTES must be a number of minutes, 1 or more, not "often".',
      ],
    })
    expect(() => readConfig(env)).toThrow(
      /^The environment is invalid:\n- VITE_USE_EMULATORS .*\n- VITE_REFRESH_EVERY_MINUTES /,
    )
  })
})
