import { defineConfig } from 'vitest/config'

// `npm run test:rules`: the rules table against the official emulator and backend/ (Node, real
// network on free ports; tests/rules/engines.ts starts them).
export default defineConfig({
  test: {
    include: ['tests/rules/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/rules/engines.ts'],
    // A first start of the emulator on a busy machine can take minutes.
    hookTimeout: 240_000,
    testTimeout: 30_000,
  },
})
