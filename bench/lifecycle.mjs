// What the bench starts, it stops: on success, on failure and on Ctrl-C.
import { mkdtempSync, rmSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

/**
 * A temporary directory and a list of cleanups, run in reverse order (then the directory goes)
 * by `cleanUp()` or on SIGINT, SIGTERM or SIGHUP. Call `ownSignals()` again after starting
 * something that installs its own handlers: `vite preview` exits on SIGTERM (or when stdin
 * ends), Playwright on SIGINT, before the bench could stop the rest.
 */
export function lifecycle(say) {
  const tmp = mkdtempSync(join(tmpdir(), 'todo-bench-'))
  const cleanups = []
  let cleaning = null
  const cleanUp = () => {
    cleaning ??= (async () => {
      for (const cleanup of cleanups.reverse()) {
        try {
          await cleanup()
        } catch (error) {
          say(`cleanup: ${error instanceof Error ? error.message : String(error)}`)
        }
      }
      rmSync(tmp, { recursive: true, force: true })
    })()
    return cleaning
  }
  const onSignal = (signal) => {
    say(`${signal}: stopping`)
    void cleanUp().then(() => process.exit(130))
  }
  const ownSignals = () => {
    for (const signal of ['SIGINT', 'SIGTERM', 'SIGHUP']) {
      for (const listener of process.listeners(signal)) process.off(signal, listener)
      process.once(signal, onSignal)
    }
    process.stdin.removeAllListeners('end')
  }
  ownSignals()
  return { tmp, cleanups, cleanUp, ownSignals }
}
