import { fileURLToPath } from 'node:url'
import { defineConfig } from 'vitest/config'

// `npm run test:emulators`: everything that needs Google's emulators, started once for the run by
// globalSetup.ts: the rules table (tests/rules) and the Firestore adapter's integration tests
// (*.emulator.test.ts).

// The Firestore SDK's browser build, as the app ships it (WebChannel, IndexedDB persistence
// with the multi-tab manager), not the Node build (gRPC, memory only) that Node would pick.
const firestoreBrowserBuild = fileURLToPath(
  new URL('../../node_modules/@firebase/firestore/dist/index.esm.js', import.meta.url),
)

export default defineConfig({
  resolve: { alias: [{ find: /^@firebase\/firestore$/, replacement: firestoreBrowserBuild }] },
  test: {
    include: ['tests/rules/**/*.test.ts', 'tests/**/*.emulator.test.ts'],
    environment: 'node',
    globalSetup: ['tests/emulators/globalSetup.ts'],
    // Firebase goes through Vite, so that its own import of @firebase/firestore meets the alias.
    server: { deps: { inline: [/\/node_modules\/@?firebase\//] } },
    // One file at a time: a test may replace the emulator's rules for a while.
    fileParallelism: false,
    restoreMocks: true,
    unstubGlobals: true,
    // A first start of the emulators on a busy machine can take minutes.
    hookTimeout: 240_000,
    testTimeout: 30_000,
    // Each expect.poll waits for the real SDK and server: Vitest's 1 s was too short for a write
    // to go out beside two busy loops (a queue sent after sign-in, a cached list offline).
    expect: { poll: { timeout: 20_000 } },
  },
})
