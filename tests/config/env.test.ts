import { describe, expect, it } from 'vitest'
import {
  parseConfig,
  readConfig,
  readFirebaseSettings,
  withEmulatorProject,
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

describe('the whole configuration', () => {
  it('is the Firebase settings', () => {
    expect(readConfig(project)).toEqual({ firebase: readFirebaseSettings(project) })
  })

  it('reports what is wrong as lines under one heading, never half-starting', () => {
    const env = { VITE_USE_EMULATORS: 'maybe', VITE_FIREBASE_API_KEY: 'key' }
    expect(parseConfig(env)).toEqual({
      ok: false,
      errors: ['VITE_USE_EMULATORS must be true or false, not "maybe".'],
    })
    expect(() => readConfig({ VITE_FIREBASE_API_KEY: 'key' })).toThrow(
      /^The environment is invalid:\n- The Firebase configuration is incomplete: set VITE_FIREBASE_AUTH_DOMAIN, VITE_FIREBASE_PROJECT_ID, VITE_FIREBASE_APP_ID/,
    )
  })
})

describe('a project given to the page on the emulators', () => {
  it('replaces the demo project with the emulators only', () => {
    const emulated = readFirebaseSettings({})
    expect(withEmulatorProject(emulated, 'demo-todo-w1')).toEqual({
      ...emulated,
      projectId: 'demo-todo-w1',
    })
    const real = readFirebaseSettings(project)
    expect(withEmulatorProject(real, 'demo-todo-w1')).toBe(real)
  })

  it('is a demo- project id or nothing', () => {
    const emulated = readFirebaseSettings({})
    for (const given of [undefined, 42, '', 'my-todo', 'demo-', 'demo-Todo', 'demo-todo/x']) {
      expect(withEmulatorProject(emulated, given)).toBe(emulated)
    }
  })
})
