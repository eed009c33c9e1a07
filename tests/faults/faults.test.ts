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
  expect(figures.failuresInjected).toBeGreaterThan(actions / 10)
  expect(server).toEqual(client)
  expect(figures.changesLost).toBe(0)
}, 600_000)
