/**
 * The backend as a real HTTP server (Node `http`), for `npm start --backend=local` and tests:
 * every request becomes a Fetch `Request` and goes through the same MSW handlers as in
 * Vitest (`getResponse` from msw). A dropped-connection fault destroys the socket. With a data
 * file, every change is in the file before it is acknowledged.
 */
import { type IncomingMessage, type Server, type ServerResponse, createServer } from 'node:http'
import type { AddressInfo } from 'node:net'

import { getResponse } from 'msw'

import {
  type FirestoreBackend,
  type FirestoreBackendOptions,
  createFirestoreBackend,
} from './handlers'
import { MAX_BODY_BYTES } from './http'
import { type FilePersistence, persistStore } from './persistence'

export interface FirestoreServerOptions extends FirestoreBackendOptions {
  /** Interface to listen on (default `127.0.0.1`, as the emulator). */
  host?: string
  /** Port (default 8080, the emulator's; 0 picks a free one). */
  port?: number
  /** An existing backend to serve (otherwise one is created from these options). */
  backend?: FirestoreBackend
  /** Keep the documents in this JSON file (memory only when omitted). */
  dataFile?: string
  /** With `dataFile`: start empty, ignoring the file's contents. */
  fresh?: boolean
}

export interface FirestoreServer {
  /** e.g. `http://127.0.0.1:8080` */
  readonly url: string
  readonly host: string
  readonly port: number
  readonly backend: FirestoreBackend
  readonly server: Server
  /** The file persistence, when `dataFile` was given. */
  readonly persistence: FilePersistence | undefined
  /** Stops listening, drops open connections and saves what is not yet in the data file. */
  close(): Promise<void>
}

/** The server reads at most this much of a body; the handlers reject anything over their limit. */
const READ_LIMIT = 16 * MAX_BODY_BYTES + 1
const HOP_BY_HOP = new Set([
  'connection',
  'keep-alive',
  'transfer-encoding',
  'upgrade',
  'expect',
  'content-length',
])

function readRequestBody(request: IncomingMessage): Promise<Buffer> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = []
    let size = 0
    request.on('data', (chunk: Buffer) => {
      if (size >= READ_LIMIT) return // keep draining, stop keeping
      chunks.push(chunk)
      size += chunk.length
    })
    request.on('end', () => {
      resolve(Buffer.concat(chunks).subarray(0, READ_LIMIT))
    })
    request.on('error', reject)
  })
}

function toFetchRequest(request: IncomingMessage, origin: string, body: Buffer): Request {
  const headers = new Headers()
  for (const [name, value] of Object.entries(request.headers)) {
    if (value === undefined || HOP_BY_HOP.has(name)) continue
    for (const item of Array.isArray(value) ? value : [value]) headers.append(name, item)
  }
  const method = request.method ?? 'GET'
  const hasBody = method !== 'GET' && method !== 'HEAD' && body.length > 0
  return new Request(`${origin}${request.url ?? '/'}`, {
    method,
    headers,
    ...(hasBody ? { body: new Uint8Array(body) } : {}),
  })
}

async function send(response: Response, out: ServerResponse): Promise<void> {
  const headers: Record<string, string> = {}
  response.headers.forEach((value, name) => {
    headers[name] = value
  })
  const body = Buffer.from(await response.arrayBuffer())
  out.writeHead(response.status, { ...headers, 'Content-Length': String(body.length) })
  out.end(body)
}

/** Starts the server; resolves once it listens. */
export async function startFirestoreServer(
  options: FirestoreServerOptions = {},
): Promise<FirestoreServer> {
  const host = options.host ?? '127.0.0.1'
  let persistence: FilePersistence | undefined
  const backend =
    options.backend ??
    createFirestoreBackend({
      ...options,
      onChanged: () => persistence?.saved() ?? Promise.resolve(),
    })
  if (options.dataFile !== undefined) {
    persistence = persistStore(backend.store, {
      file: options.dataFile,
      fresh: options.fresh ?? false,
    })
  }

  let handlers: ReturnType<FirestoreBackend['handlersFor']> = []
  let origin = ''
  const server = createServer((request, out) => {
    void (async () => {
      try {
        const body = await readRequestBody(request)
        const response = await getResponse(handlers, toFetchRequest(request, origin, body))
        if (response === undefined) {
          await send(
            Response.json(
              { error: { code: 404, message: 'Not found', status: 'NOT_FOUND' } },
              { status: 404 },
            ),
            out,
          )
        } else if (response.type === 'error') {
          request.socket.destroy() // the injected network error
        } else {
          await send(response, out)
        }
      } catch (error) {
        console.error('[firestore backend] request failed', error)
        if (!out.headersSent) out.writeHead(500, { 'Content-Type': 'application/json' })
        out.end(
          JSON.stringify({ error: { code: 500, message: 'Internal error', status: 'INTERNAL' } }),
        )
      }
    })()
  })

  await new Promise<void>((resolve, reject) => {
    server.once('error', (error) => {
      void persistence?.close()
      reject(error)
    })
    server.listen(options.port ?? 8080, host, () => {
      resolve()
    })
  })
  const { port } = server.address() as AddressInfo
  origin = `http://${host.includes(':') ? `[${host}]` : host}:${port}`
  handlers = backend.handlersFor([origin])

  return {
    url: origin,
    host,
    port,
    backend,
    server,
    persistence,
    close: async () => {
      await new Promise<void>((resolve, reject) => {
        server.close((error) => {
          if (error) reject(error)
          else resolve()
        })
        server.closeAllConnections()
      })
      await persistence?.close()
    },
  }
}
