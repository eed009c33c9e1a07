import { emulatorServices, startServices, type Running } from '../../../scripts/emulators.ts'

// Google's Firestore emulator slows over a run: late in a long one, writes took a hundred times
// longer (docs/performance.md). Devices that left without ending their listen session were one
// cause measured (2026-11-25); ending them did not stop it (2026-11-28). So the test worker runs
// the emulator itself, and starts a fresh one once a few devices have come and gone. Each test
// leaves the database empty, so a fresh one is all a test can tell apart.

const FRESH_AFTER_DEVICES = 6

let devices = 0
/** A device (browser context) opened against the emulator. */
export const deviceOpened = () => {
  devices++
}

export interface Firestore {
  /**
   * Starts a fresh emulator when `atLeast` (1 or more) devices used this one, once every test's
   * are closed; whether it did.
   */
  freshIfUsed(atLeast?: number): Promise<boolean>
  stop(): Promise<void>
}

export async function startFirestore(logDir: string): Promise<Firestore> {
  const services = (await emulatorServices()).filter(({ name }) => name === 'Firestore emulator')
  const start = () => startServices(services, { logDir, say: () => undefined })
  let running: Running = await start()
  devices = 0
  return {
    async freshIfUsed(atLeast = FRESH_AFTER_DEVICES) {
      if (devices < atLeast) return false
      await running.stop()
      running = await start()
      devices = 0
      return true
    },
    stop: () => running.stop(),
  }
}
