import { defineConfig } from 'vitest/config'

// backend/'s own tests (backend/tests/), in Node with no request interception: run with the
// app's by `npm run test:unit` (a project of vite.config.ts), or alone with
// `npx vitest run --project backend`.
export default defineConfig({
  test: {
    name: 'backend',
    environment: 'node',
    include: ['tests/**/*.test.ts'],
    restoreMocks: true,
    unstubGlobals: true,
  },
})
