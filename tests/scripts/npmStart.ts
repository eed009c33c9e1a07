import { spawn, type ChildProcess } from 'node:child_process'
import { existsSync, readdirSync, readFileSync } from 'node:fs'
import { createServer } from 'node:net'
import { join } from 'node:path'

// `npm start` as a developer runs it, for tests/scripts/start.emulator.test.ts: on the app's own
// ports, with its data in a folder of the test's (TODO_DATA_DIR).

const PORTS = [8080, 9099, 5173]
const ROOT = join(import.meta.dirname, '../..')

function portFree(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    const server = createServer()
    server.once('error', () => {
      resolve(false)
    })
    server.listen({ port, host: '127.0.0.1', exclusive: true }, () => {
      server.close(() => {
        resolve(true)
      })
    })
  })
}

/** Polls `check` until it returns a value, or fails saying `what` after `timeoutMs`. */
export async function waitFor<T>(
  what: string,
  check: () => T | undefined | Promise<T | undefined>,
  timeoutMs: number,
  more = () => '',
): Promise<T> {
  const until = Date.now() + timeoutMs
  for (;;) {
    const value = await check()
    if (value !== undefined) return value
    if (Date.now() > until)
      throw new Error(`Waited ${String(timeoutMs / 1000)} s for ${what}.${more()}`)
    await new Promise((resolve) => setTimeout(resolve, 200))
  }
}

/** Every process started from `pid`, at any depth (Linux's /proc). */
function tree(pid: number): number[] {
  const parents = new Map<number, number[]>()
  for (const entry of readdirSync('/proc')) {
    if (!/^\d+$/.test(entry)) continue
    try {
      const stat = readFileSync(`/proc/${entry}/stat`, 'utf8')
      // Fields after the command name, which may hold spaces: state, ppid, …
      const ppid = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[1])
      parents.set(ppid, [...(parents.get(ppid) ?? []), Number(entry)])
    } catch {
      /* ended meanwhile */
    }
  }
  const found = [pid]
  // The loop also visits what it adds.
  for (const each of found) found.push(...(parents.get(each) ?? []))
  return found
}

const alive = (pid: number) => {
  try {
    return !readFileSync(`/proc/${String(pid)}/stat`, 'utf8').includes(') Z ')
  } catch {
    return false
  }
}

export interface Started {
  child: ChildProcess
  output: () => string
  /** Waits until the output matches `pattern`. */
  says: (pattern: RegExp, timeoutMs?: number) => Promise<void>
  /** A power cut: every process of the tree killed at once (the emulators run in groups of their own). */
  killHard: () => Promise<void>
  /** Ctrl-C in the terminal: SIGINT to the foreground group; resolves once npm has exited. */
  interrupt: () => Promise<void>
}

/** Starts `npm start` with its data in `dataDir`, saving every `saveEvery` seconds. */
export async function npmStart(dataDir: string, saveEvery: number): Promise<Started> {
  for (const port of PORTS) {
    if (!(await portFree(port))) {
      throw new Error(`Port ${String(port)} is taken: stop \`npm start\` (or a test run) first.`)
    }
  }
  const child = spawn('npm', ['start'], {
    cwd: ROOT,
    detached: true,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: { ...process.env, TODO_DATA_DIR: dataDir, TODO_SAVE_INTERVAL: String(saveEvery) },
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<void>((resolve) =>
    child.once('exit', () => {
      resolve()
    }),
  )
  const pid = child.pid ?? -1
  const says = (pattern: RegExp, timeoutMs = 240_000) =>
    waitFor(
      `npm start to say ${String(pattern)}`,
      () => (pattern.test(output) ? true : child.exitCode !== null ? false : undefined),
      timeoutMs,
      () => `\nIts output:\n${output}`,
    ).then((found) => {
      if (!found) throw new Error(`npm start exited before saying ${String(pattern)}:\n${output}`)
    })
  return {
    child,
    output: () => output,
    says,
    async killHard() {
      const pids = tree(pid)
      for (const each of pids) {
        try {
          process.kill(each, 'SIGKILL')
        } catch {
          /* already gone */
        }
      }
      await exited
      await waitFor(
        'the killed processes to end',
        () => (pids.some(alive) ? undefined : true),
        30_000,
      )
      // A process shows as ended a moment before its last thread lets go of its ports.
      await waitFor(
        'the ports to be free',
        async () => ((await Promise.all(PORTS.map(portFree))).every(Boolean) ? true : undefined),
        30_000,
      )
    },
    async interrupt() {
      process.kill(-pid, 'SIGINT')
      await exited
    },
  }
}

/** Every file under `dir` and its bytes, to compare a folder before and after. */
export function filesOf(dir: string, under = ''): Record<string, string> {
  const files: Record<string, string> = {}
  if (!existsSync(dir)) return files
  for (const entry of readdirSync(join(dir, under), { withFileTypes: true })) {
    const path = join(under, entry.name)
    if (entry.isDirectory()) Object.assign(files, filesOf(dir, path))
    else files[path] = readFileSync(join(dir, path)).toString('base64')
  }
  return files
}
