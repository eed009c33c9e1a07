import 'fake-indexeddb/auto'
import { afterEach, beforeEach, expect, it } from 'vitest'
import { createFirebaseHarness } from '../support/firebaseHarness'
import { runFaultScenario } from './faultScenario'

const harness = createFirebaseHarness()
beforeEach(harness.start)
afterEach(harness.stop)

const actions = Number(process.env.FAULT_ACTIONS ?? 300)
// Each seed is another run of actions, faults and timings. 2 and 8 once caught the outbox
// sending an add older than its stored entry, which then still said "never tried".
const seeds = (process.env.FAULT_SEEDS ?? '7,2,8').split(',').map(Number)

it.each(seeds)(
  `${String(actions)} random actions on two devices through faults, a storage failure, a reload and an hour offline lose no change (seed %i)`,
  async (seed) => {
    const { figures, lost, server, clients } = await runFaultScenario(harness, { actions, seed })
    console.log(
      `\nFault injection, two devices, seed ${String(seed)}\n` +
        Object.entries(figures)
          .map(([name, value]) => `  ${name.padEnd(18)} ${String(value)}`)
          .join('\n') +
        (lost.length > 0 ? `\n  lost:\n    ${lost.join('\n    ')}` : ''),
    )
    // About 30% of requests are hit by a fault (some requests match no failure rule's draw).
    expect(figures.faultRateBeforeOutage).toBeGreaterThan(0.15)
    expect(lost).toEqual([])
    // Both devices show what the server holds.
    for (const client of clients) expect(client).toEqual(server)
  },
  600_000,
)
