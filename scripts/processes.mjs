// Starts the local services as child processes, waits until each answers, and stops them
// all together (on Ctrl-C, on a failure of any, or when the caller is done), so nothing is
// left running. Shared by `npm start` and the browser tests.
import { spawn } from 'node:child_process'

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

async function answers(url) {
  try {
    const response = await fetch(url, { signal: AbortSignal.timeout(1000) })
    return response.status < 500
  } catch {
    return false
  }
}

/**
 * @param {{ name: string, command: string, args: string[], readyUrl?: string,
 *   env?: Record<string, string>, quiet?: boolean }[]} specs
 */
export async function startProcesses(specs, { timeoutMs = 60_000 } = {}) {
  const children = []
  let stopping = false

  const stop = async () => {
    if (stopping) return
    stopping = true
    for (const { child } of children) {
      if (child.exitCode === null && child.signalCode === null) {
        try {
          // Each child leads its own process group: signal the whole group, grandchildren too.
          process.kill(-child.pid, 'SIGINT')
        } catch {
          /* already gone */
        }
      }
    }
    const deadline = Date.now() + 10_000
    while (children.some(({ child }) => child.exitCode === null && child.signalCode === null)) {
      if (Date.now() > deadline) {
        for (const { child } of children) {
          try {
            process.kill(-child.pid, 'SIGKILL')
          } catch {
            /* already gone */
          }
        }
        break
      }
      await sleep(100)
    }
  }

  const exited = new Promise((resolve) => {
    for (const spec of specs) {
      const child = spawn(spec.command, spec.args, {
        detached: true,
        stdio: ['ignore', spec.quiet ? 'ignore' : 'inherit', 'inherit'],
        env: { ...process.env, ...spec.env },
      })
      children.push({ spec, child })
      child.on('exit', (code, signal) => {
        if (!stopping) {
          console.error(`${spec.name} stopped unexpectedly (${signal ?? `exit code ${code}`}).`)
          resolve(spec.name)
        }
      })
    }
  })

  for (const { spec } of children) {
    if (!spec.readyUrl) continue
    const deadline = Date.now() + timeoutMs
    let ready = false
    while (!ready && Date.now() < deadline) {
      ready = await Promise.race([answers(spec.readyUrl), exited.then(() => false)])
      if (!ready) {
        if (
          stopping ||
          (await Promise.race([exited.then(() => true), sleep(250).then(() => false)]))
        )
          break
      }
    }
    if (!ready) {
      await stop()
      throw new Error(`${spec.name} did not start (waited for ${spec.readyUrl}).`)
    }
  }

  return { stop, exited }
}
