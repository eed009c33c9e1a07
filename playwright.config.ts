import { defineConfig } from '@playwright/test'
import { CHROMIUM_ARGS, chromiumExecutable, chromiumSource } from './scripts/chromium.mjs'
import { emulatorServices, shellCommand, startTimeoutMs } from './scripts/emulators.ts'

// The browser tests run on Google's Firestore and Auth emulators as scripts/emulators.ts starts
// them, in memory: every run starts empty. Tests run side by side in E2E_WORKERS workers (2
// unless set), each test in a Firestore project of its own (tests/e2e/support/emulator.ts).
const timeout = startTimeoutMs()
const workers = Number(process.env.E2E_WORKERS) || 2
const executablePath = await chromiumExecutable()
if (!process.env.TEST_WORKER_INDEX) console.log(`Chromium: ${await chromiumSource()}`)

export default defineConfig({
  testDir: 'tests/e2e',
  outputDir: 'test-results',
  // Tests are shared out one by one: each has its own project, person and devices.
  fullyParallel: true,
  workers,
  forbidOnly: Boolean(process.env.CI),
  retries: 0,
  // Ceilings for a loaded 2-core machine (a sign-in, three tasks and two axe scans took over
  // 30 s beside two busy loops); a passing run waits no longer than it must.
  timeout: 90_000,
  expect: { timeout: 20_000 },
  reporter: [['list']],
  use: {
    baseURL: 'http://127.0.0.1:4173/todo/',
    trace: 'retain-on-failure',
    // No confetti flying over the next step, whose animation runs as slowly as the machine
    // does; the tests of the confetti itself turn motion back on.
    reducedMotion: 'reduce',
    screenshot: 'only-on-failure',
    launchOptions: {
      executablePath,
      args: CHROMIUM_ARGS,
    },
  },
  projects: [{ name: 'chromium', use: { browserName: 'chromium' } }],
  // Started one after another, stopped in reverse; each up once its URL answers.
  webServer: [
    // Both emulators, shared by the workers: Firestore keeping their projects apart.
    ...(await emulatorServices({ singleProject: false })).map((service) => ({
      name: service.name,
      command: shellCommand(service),
      url: service.url,
      timeout,
      gracefulShutdown: { signal: service.signal ?? 'SIGTERM', timeout: 15_000 },
      stdout: 'ignore' as const,
      stderr: 'pipe' as const,
    })),
    {
      name: 'App (vite preview)',
      command: 'node_modules/.bin/vite preview --strictPort',
      url: 'http://127.0.0.1:4173/todo/',
      timeout,
      gracefulShutdown: { signal: 'SIGTERM', timeout: 15_000 },
      stdout: 'ignore',
      stderr: 'pipe',
    },
  ],
})
