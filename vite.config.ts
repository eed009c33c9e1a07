import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vitest/config'
import { hostingHeaders } from './scripts/vite/hosting.ts'
import { prerender } from './scripts/vite/prerender.ts'
import { serviceWorker, webManifest } from './scripts/vite/pwa.ts'
import { readFirebaseSettings } from './src/config/env.ts'

/** Where the build's Auth and Firestore requests go: Google's APIs, or the local emulators. */
function apiOrigins(env: Record<string, string>): { auth: string; firestore: string } | null {
  const { emulators } = readFirebaseSettings(env)
  if (!emulators) return null
  return {
    auth: emulators.authUrl,
    firestore: `http://${emulators.firestoreHost}:${String(emulators.firestorePort)}`,
  }
}

/**
 * Connects early to the origins a returning user's page needs at once (Auth's check of the
 * stored session, then the task query), as their requests wait for the lazily loaded SDKs.
 */
function preconnect(): Plugin {
  let origins: string[] = []
  return {
    name: 'todo:preconnect',
    configResolved({ env }) {
      const local = apiOrigins(env)
      origins = local
        ? [local.auth, local.firestore]
        : ['https://identitytoolkit.googleapis.com', 'https://firestore.googleapis.com']
    },
    transformIndexHtml: () =>
      origins.map((href) => ({
        tag: 'link',
        attrs: { rel: 'preconnect', href, crossorigin: '' },
        injectTo: 'head' as const,
      })),
  }
}

/**
 * Gives Firestore Lite our BigInt `Integer` (src/services/firebase/firestoreInteger.ts says why) in
 * place of the Closure blob it imports. Only Firestore's own import is redirected, so tests
 * can still compare the two.
 */
function firestoreInteger(): Plugin {
  const replacement = fileURLToPath(
    new URL('./src/services/firebase/firestoreInteger.ts', import.meta.url),
  )
  return {
    name: 'todo:firestore-integer',
    enforce: 'pre',
    resolveId: (source, importer) =>
      source === '@firebase/webchannel-wrapper/bloom-blob' &&
      importer?.includes('/node_modules/@firebase/firestore/')
        ? replacement
        : null,
  }
}

export default defineConfig({
  base: '/todo/',
  plugins: [
    react(),
    firestoreInteger(),
    prerender(),
    preconnect(),
    webManifest(),
    serviceWorker(),
    // `vite preview` answers with firebase.json's Hosting headers and rewrites; a build that
    // talks to the local emulators gets their origins added to its Content-Security-Policy.
    hostingHeaders({
      cspAdditions: (env): Record<string, string[]> => {
        const local = apiOrigins(env)
        if (!local) return {}
        return { 'connect-src': [local.auth, local.firestore], 'frame-src': [local.auth] }
      },
    }),
  ],
  server: { host: '127.0.0.1', port: 5173, strictPort: true },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  build: {
    // Hosting serves dist/ (firebase.json), so the app, built for /todo/, goes in dist/todo/.
    outDir: 'dist/todo',
    target: 'es2022',
    sourcemap: true,
    // No preload helper: the only chunks with dependencies (Auth, Firestore) share the Firebase
    // app chunk, which the entry itself requests alongside them (lazyFirebaseApp.ts).
    modulePreload: false,
    rolldownOptions: {
      output: {
        // One request for the Firebase app: our module that starts it goes with the SDK's core
        // (shared by the Auth and Firestore chunks) instead of in a chunk of its own.
        codeSplitting: {
          groups: [{ name: 'firebaseApp', test: /src\/services\/firebaseApp\.ts$/ }],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./tests/setup.ts'],
    include: ['tests/**/*.test.{ts,tsx}'],
    // The rules table needs real servers: `npm run test:rules` (tests/rules/vitest.config.ts).
    exclude: ['tests/rules/**'],
    restoreMocks: true,
    unstubGlobals: true,
  },
})
