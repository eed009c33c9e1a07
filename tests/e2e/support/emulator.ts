import { emulatorServices, startServices, type Running } from '../../../scripts/emulators.ts'

// Google's Firestore emulator keeps the listen session of every device that left without ending
// it (a closed browser context never ends it), and each write then costs it more for each one
// (docs/testing.md): late in a run, writes took a hundred times longer. So the test worker runs
// the emulator itself, and starts a fresh one once a few devices have come and gone. Each test
// leaves the database empty, so a fresh one is all a test can tell apart.

const FRESH_AFTER_DEVICES = 6

let devices = 0
/** A device (browser context) opened against the emulator. */
export const deviceOpened = () => {
  devices++
}

export interface Firestore {
  /** Starts a fresh emulator when `atLeast` devices used this one (once every test's are closed). */
  freshIfUsed(atLeast?: number): Promise<void>
  stop(): Promise<void>
}

export async function startFirestore(logDir: string): Promise<Firestore> {
  const services = (await emulatorServices()).filter(({ name }) => name === 'Firestore emulator')
  const start = () => startServices(services, { logDir, say: () => undefined })
  let running: Running = await start()
  devices = 0
  return {
    async freshIfUsed(atLeast = FRESH_AFTER_DEVICES) {
      if (devices < atLeast || devices === 0) return
      await running.stop()
      running = await start()
      devices = 0
    },
    stop: () => running.stop(),
  }
}
