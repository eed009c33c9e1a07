import 'fake-indexeddb/auto'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createFirebaseHarness } from '../support/firebaseHarness'
import { runFaultScenario } from './faultScenario'

const harness = createFirebaseHarness()
beforeEach(harness.start)
afterEach(harness.stop)

const actions = Number(process.env.FAULT_ACTIONS ?? 300)

it(`${String(actions)} random actions through faults, an outage and a reload lose no change`, async () => {
  const { figures, server, client } = await runFaultScenario(harness, { actions })
  console.log(
    '\nFault injection\n' +
      Object.entries(figures)
        .map(([name, value]) => `  ${name.padEnd(18)} ${String(value)}`)
        .join('\n'),
  )
  // About 30% of requests are hit by a fault (some requests match no failure rule's draw).
  expect(figures.failuresInjected / figures.requests).toBeGreaterThan(0.15)
  expect(server).toEqual(client)
  expect(figures.changesLost).toBe(0)
}, 600_000)
