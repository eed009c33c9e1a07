/**
 * `node backend/start.js [options]`: the local Firestore backend on 127.0.0.1:8080.
 * (`start.js` loads this file through Vite's module runner, so Node 20 needs no TS loader.)
 */
import { resolve } from 'node:path'

import { type FirestoreServer, startFirestoreServer } from './firestore/server'

export const DEFAULT_DATA_FILE = '.data/firestore.json'

const USAGE = `Usage: node backend/start.js [options]

backend/: a stand-in for the Firestore emulator (the REST calls the app makes, with the
project's rules), for machines where the official emulator cannot run.

Options:
  --port <n>      Port to listen on (default 8080, the Firestore emulator's)
  --host <host>   Interface to listen on (default 127.0.0.1)
  --data <file>   Keep documents in this JSON file (default ${DEFAULT_DATA_FILE})
  --memory        Keep documents in memory only
  --fresh         Start with no documents (the data file is overwritten)
  --quiet         Do not log requests
  --help          Show this help
`

export interface CliOptions {
  port: number
  host: string
  dataFile: string | undefined
  fresh: boolean
  quiet: boolean
  help: boolean
}

/** Parses the command line; throws with a message for anything it does not know. */
export function parseArgs(argv: readonly string[]): CliOptions {
  const options: CliOptions = {
    port: 8080,
    host: '127.0.0.1',
    dataFile: DEFAULT_DATA_FILE,
    fresh: false,
    quiet: false,
    help: false,
  }
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] ?? ''
    const equals = arg.startsWith('--') ? arg.indexOf('=') : -1
    const flag = equals >= 0 ? arg.slice(0, equals) : arg
    const inline = equals >= 0 ? arg.slice(equals + 1) : undefined
    const value = (): string => {
      const next = inline ?? argv[++i]
      if (next === undefined || next === '') throw new Error(`${flag} needs a value`)
      return next
    }
    switch (flag) {
      case '--port': {
        const port = Number(value())
        if (!Number.isInteger(port) || port < 0 || port > 65535)
          throw new Error('--port must be 0 to 65535')
        options.port = port
        break
      }
      case '--host':
        options.host = value()
        break
      case '--data':
        options.dataFile = value()
        break
      case '--memory':
        options.dataFile = undefined
        break
      case '--fresh':
        options.fresh = true
        break
      case '--quiet':
        options.quiet = true
        break
      case '--help':
      case '-h':
        options.help = true
        break
      default:
        throw new Error(`Unknown option ${arg}\n\n${USAGE}`)
    }
  }
  return options
}

/** Starts the server from command-line arguments, and stops it on SIGINT/SIGTERM. */
export async function main(argv: readonly string[]): Promise<FirestoreServer | undefined> {
  const options = parseArgs(argv)
  if (options.help) {
    process.stdout.write(USAGE)
    return undefined
  }
  const server = await startFirestoreServer({
    host: options.host,
    port: options.port,
    fresh: options.fresh,
    ...(options.dataFile === undefined ? {} : { dataFile: resolve(options.dataFile) }),
    ...(options.quiet
      ? {}
      : {
          onRequest: (entry) => {
            const tag = entry.fault === true ? ' (injected fault)' : ''
            console.log(
              `${entry.method} ${entry.path} ${entry.status || 'dropped'} ${entry.durationMs}ms${tag}`,
            )
          },
        }),
  })
  const storage = server.persistence ? `data in ${server.persistence.file}` : 'data in memory only'
  console.log(
    `Firestore backend listening on ${server.url} (${storage}, ${server.backend.store.size} documents)`,
  )
  let stopping = false
  const stop = (): void => {
    if (stopping) return
    stopping = true
    server.close().then(
      () => process.exit(0),
      (error: unknown) => {
        console.error(error)
        process.exit(1)
      },
    )
  }
  process.once('SIGINT', stop)
  process.once('SIGTERM', stop)
  return server
}
