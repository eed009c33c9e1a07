import { fileURLToPath } from 'node:url'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vitest/config'
import { localApiOrigins } from './vite/plugins/apiOrigins.ts'
import { baseRedirect } from './vite/plugins/baseRedirect.ts'
import { firstRender } from './vite/plugins/firstRender.ts'
import { hostingHeaders } from './vite/plugins/hostingHeaders.ts'
import { preconnect } from './vite/plugins/preconnect.ts'
import { prerender } from './vite/plugins/prerender.ts'
import { rememberedMark } from './vite/plugins/rememberedMark.ts'
import { serviceWorker } from './vite/plugins/serviceWorker.ts'

// The plugins, one a file, are in vite/plugins/.
const firstRenderModules = firstRender()

export default defineConfig({
  base: '/todo/',
  plugins: [
    react(),
    firstRenderModules.plugin,
    prerender(),
    rememberedMark(),
    preconnect(),
    serviceWorker(),
    baseRedirect(),
    // `vite preview` answers with firebase.json's Hosting headers and rewrites; a build that
    // talks to the local emulators gets their origins added to its Content-Security-Policy.
    hostingHeaders({
      cspAdditions: (env): Record<string, string[]> => {
        const local = localApiOrigins(env)
        if (!local) return {}
        return { 'connect-src': [local.auth, local.firestore], 'frame-src': [local.auth] }
      },
    }),
  ],
  resolve: {
    // The SDK's regular expressions for pipelines, which this app does not use (the stub says
    // why; docs/performance.md, the figures).
    alias: { re2js: fileURLToPath(new URL('vite/stubs/re2js.ts', import.meta.url)) },
  },
  server: {
    host: '127.0.0.1',
    port: 5173,
    strictPort: true,
    // The emulators' logs and saved data (with their accounts) sit in the project: never served.
    fs: { deny: ['.env', '.env.*', '*.{crt,pem}', '**/.git/**', '*.log', '**/.data/**'] },
  },
  preview: { host: '127.0.0.1', port: 4173, strictPort: true },
  build: {
    // Hosting serves dist/ (firebase.json), so the app, built for /todo/, goes in dist/todo/.
    outDir: 'dist/todo',
    target: 'es2022',
    // No source maps: Hosting would serve them to anyone (`vite build --sourcemap` makes them locally).
    sourcemap: false,
    // No preload helper: the only chunks with dependencies (Auth, Firestore) share the Firebase
    // app chunk, which the entry itself requests alongside them (lazyFirebaseApp.ts).
    modulePreload: false,
    rolldownOptions: {
      output: {
        // One request for the Firebase app: our module that starts it goes with the SDK's core
        // (shared by the Auth and Firestore chunks) instead of in a chunk of its own.
        codeSplitting: {
          groups: [
            { name: 'firebaseApp', test: /src\/services\/firebase\/firebaseApp\.ts$/, priority: 2 },
            // One file for what the first render loads besides the entry (vite/plugins/firstRender.ts).
            { name: 'index', test: firstRenderModules.test, priority: 1 },
          ],
        },
      },
    },
  },
  test: {
    environment: 'jsdom',
    setupFiles: ['./tests/setup.ts'],
    include: ['tests/**/*.test.{ts,tsx}'],
    // Those that need Google's emulators run with `npm run test:emulators`
    // (tests/emulators/vitest.config.ts).
    exclude: ['tests/rules/**', 'tests/**/*.emulator.test.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
})
