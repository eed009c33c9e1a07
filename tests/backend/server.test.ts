/**
 * The standalone HTTP server (same handlers, real sockets), its admin API, the JSON file
 * persistence and the command line.
 */
import { spawn } from 'node:child_process'
import { existsSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'

import { deleteApp, initializeApp } from 'firebase/app'
import {
  collection,
  connectFirestoreEmulator,
  doc,
  getDocs,
  getFirestore,
  query,
  setDoc,
  setLogLevel,
  where,
} from 'firebase/firestore/lite'
import { http, passthrough } from 'msw'
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest'

import { parseArgs } from '../../backend/cli'
import { type FirestoreServer, startFirestoreServer } from '../../backend/firestore/server'
// The project's MSW server (tests/setup.ts) fails unhandled requests: let this file's
// requests reach the real servers it starts on loopback ports.
import { server as msw } from '../setup'
import { ALICE, PROJECT, ROOT, name, setWrite, taskFields, tasksQuery, tokenFor } from './helpers'

let directory: string
let server: FirestoreServer

beforeAll(() => {
  setLogLevel('silent')
  directory = mkdtempSync(join(tmpdir(), 'firestore-backend-'))
})

afterAll(() => {
  rmSync(directory, { recursive: true, force: true })
})

beforeEach(() => {
  msw.use(
    http.all(
      ({ request }) => /^http:\/\/127\.0\.0\.1:\d+\//.test(request.url),
      () => passthrough(),
    ),
  )
})

function rpcUrl(rpc: string): string {
  return `${server.url}/v1/projects/${PROJECT}/databases/(default)/documents:${rpc}?key=demo`
}

function post(rpc: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(rpcUrl(rpc), {
    method: 'POST',
    headers: {
      'Content-Type': 'text/plain',
      Authorization: `Bearer ${tokenFor(ALICE)}`,
      ...headers,
    },
    body: typeof body === 'string' ? body : JSON.stringify(body),
  })
}

async function admin(
  method: string,
  path: string,
  body?: unknown,
): Promise<{ status: number; json: unknown }> {
  const response = await fetch(`${server.url}/__admin/${path}`, {
    method,
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  })
  return { status: response.status, json: await response.json() }
}

describe('HTTP server', () => {
  beforeEach(async () => {
    server = await startFirestoreServer({ port: 0 })
  })

  afterEach(async () => {
    await server.close()
  })

  it('listens on 127.0.0.1 and answers the health check', async () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    const response = await fetch(`${server.url}/`)
    expect(await response.text()).toBe('Ok\n')
  })

  it('serves the real SDK over the network', async () => {
    const app = initializeApp({ projectId: PROJECT, apiKey: 'demo' }, 'server-test')
    try {
      const db = getFirestore(app)
      connectFirestoreEmulator(db, '127.0.0.1', server.port, {
        mockUserToken: { sub: 'u1', email: ALICE, iat: Math.floor(Date.now() / 1000) },
      })
      await setDoc(doc(db, 'tasks', 't1'), {
        task: 'Walk',
        isFinished: false,
        email: ALICE,
        order: 1,
      })
      const own = await getDocs(query(collection(db, 'tasks'), where('email', '==', ALICE)))
      expect(own.docs.map((snapshot) => (snapshot.data() as { task: string }).task)).toEqual([
        'Walk',
      ])

      await admin('POST', 'faults', { rules: [{ status: 503, times: 1 }] })
      await expect(
        setDoc(doc(db, 'tasks', 't2'), { task: 'x', isFinished: false, email: ALICE, order: 2 }),
      ).rejects.toMatchObject({
        code: 'unavailable',
      })
    } finally {
      await deleteApp(app)
    }
  })

  it('answers CORS preflights with the echoed origin and headers', async () => {
    const response = await fetch(rpcUrl('commit'), {
      method: 'OPTIONS',
      headers: {
        Origin: 'http://localhost:5173',
        'Access-Control-Request-Method': 'POST',
        'Access-Control-Request-Headers': 'authorization,content-type,x-goog-api-client',
      },
    })
    expect(response.status).toBe(204)
    expect(response.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
    expect(response.headers.get('access-control-allow-headers')).toBe(
      'authorization,content-type,x-goog-api-client',
    )
    expect(response.headers.get('access-control-allow-methods')).toBe('POST, OPTIONS')
    const post = await fetch(rpcUrl('runQuery'), {
      method: 'POST',
      headers: { Origin: 'http://localhost:5173', Authorization: `Bearer ${tokenFor(ALICE)}` },
      body: JSON.stringify(tasksQuery(ALICE)),
    })
    expect(post.headers.get('access-control-allow-origin')).toBe('http://localhost:5173')
  })

  it('rejects a body over 1 MiB with 400 INVALID_ARGUMENT', async () => {
    const big = {
      writes: [
        setWrite('t1', taskFields(ALICE, { task: { stringValue: 'x'.repeat(2 * 1024 * 1024) } })),
      ],
    }
    const response = await post('commit', big)
    expect(response.status).toBe(400)
    expect(await response.json()).toMatchObject({
      error: { code: 400, status: 'INVALID_ARGUMENT' },
    })
  })

  it('drops the connection for a networkError fault', async () => {
    await admin('POST', 'faults', { rules: [{ networkError: true, times: 1 }] })
    await expect(post('runQuery', tasksQuery(ALICE))).rejects.toThrow()
    expect((await post('runQuery', tasksQuery(ALICE))).status).toBe(200)
  })

  it('has an admin API: documents, faults, requests, reset', async () => {
    const seeded = await admin('POST', 'documents', {
      documents: [
        { name: name('t1'), data: { task: 'Seeded', isFinished: false, email: ALICE, order: 1 } },
        { name: `${ROOT}/tasks/t2`, fields: taskFields() },
      ],
    })
    expect(seeded.status).toBe(200)
    const listed = await admin('GET', `documents?project=${PROJECT}&collection=tasks`)
    expect(listed.json).toMatchObject({
      documents: [
        { name: name('t1'), data: { task: 'Seeded', isFinished: false, email: ALICE, order: 1 } },
        { name: name('t2'), fields: taskFields() },
      ],
    })

    const faults = await admin('POST', 'faults', {
      seed: 3,
      rules: [{ kinds: ['commit'], status: 503 }],
    })
    expect(faults.json).toMatchObject({
      ids: [expect.any(String)],
      rules: [{ kinds: ['commit'], status: 503 }],
    })
    expect((await post('commit', { writes: [] })).status).toBe(503)
    expect((await post('runQuery', tasksQuery(ALICE))).status).toBe(200)
    expect((await admin('DELETE', 'faults')).status).toBe(200)
    expect((await post('commit', { writes: [] })).status).toBe(200)
    expect((await admin('POST', 'faults', { rules: [{ status: 200 }] })).status).toBe(400)

    const requests = await admin('GET', 'requests')
    expect((requests.json as { requests: unknown[] }).requests).toEqual([
      expect.objectContaining({
        method: 'POST',
        kind: 'commit',
        status: 503,
        error: 'UNAVAILABLE',
        fault: true,
      }),
      expect.objectContaining({ kind: 'runQuery', status: 200 }),
      expect.objectContaining({ kind: 'commit', status: 200 }),
    ])
    const since = (requests.json as { requests: { id: number }[] }).requests[1]?.id ?? 0
    expect((await admin('GET', `requests?since=${since}`)).json).toMatchObject({
      requests: [{ kind: 'commit', status: 200 }],
    })

    expect((await admin('POST', 'reset')).status).toBe(200)
    expect((await admin('GET', 'documents')).json).toEqual({ documents: [] })
    expect((await admin('GET', 'requests')).json).toEqual({ requests: [] })
    expect((await admin('GET', 'nope')).status).toBe(404)
  })
})

describe('JSON file persistence', () => {
  it('saves after commits, loads at start, and --fresh starts empty', async () => {
    const file = join(directory, 'nested', 'firestore.json')
    server = await startFirestoreServer({ port: 0, dataFile: file })
    expect((await post('commit', { writes: [setWrite('t1', taskFields())] })).status).toBe(200)
    await server.close()
    expect(readdirSync(join(directory, 'nested'))).toEqual(['firestore.json']) // no temporary file left
    const saved = JSON.parse(readFileSync(file, 'utf8')) as {
      version: number
      documents: { name: string }[]
    }
    expect(saved.version).toBe(1)
    expect(saved.documents.map((document) => document.name)).toEqual([name('t1')])

    server = await startFirestoreServer({ port: 0, dataFile: file })
    const rows = (await (await post('runQuery', tasksQuery(ALICE))).json()) as {
      document?: { fields: unknown }
    }[]
    expect(rows[0]?.document?.fields).toEqual(taskFields())
    await server.close()

    server = await startFirestoreServer({ port: 0, dataFile: file, fresh: true })
    expect(server.backend.store.size).toBe(0)
    await server.close()
    expect(JSON.parse(readFileSync(file, 'utf8'))).toEqual({ version: 1, documents: [] })
  })

  it('refuses to start on a corrupt file', async () => {
    const file = join(directory, 'corrupt.json')
    writeFileSync(file, '{ not json')
    await expect(startFirestoreServer({ port: 0, dataFile: file })).rejects.toThrow(/--fresh/)
  })
})

describe('command line', () => {
  it('parses its flags', () => {
    expect(parseArgs([])).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataFile: '.data/firestore.json',
      fresh: false,
      admin: true,
      quiet: false,
      help: false,
    })
    expect(
      parseArgs(['--port', '0', '--fresh', '--data=/tmp/x.json', '--quiet', '--no-admin']),
    ).toMatchObject({
      port: 0,
      fresh: true,
      dataFile: '/tmp/x.json',
      quiet: true,
      admin: false,
    })
    expect(parseArgs(['--memory']).dataFile).toBeUndefined()
    expect(() => parseArgs(['--port', 'x'])).toThrow(/port/)
    expect(() => parseArgs(['--bogus'])).toThrow(/Unknown option/)
  })

  it('node backend/start.js starts the server and stops cleanly on SIGTERM', async () => {
    const file = join(directory, 'cli.json')
    const child = spawn(
      process.execPath,
      ['backend/start.js', '--port', '0', '--data', file, '--fresh'],
      {
        cwd: join(import.meta.dirname, '../..'),
        stdio: ['ignore', 'pipe', 'pipe'],
      },
    )
    let output = ''
    const url = await new Promise<string>((resolve, reject) => {
      child.stdout.on('data', (chunk: Buffer) => {
        output += chunk.toString()
        const match = /listening on (http:\/\/\S+)/.exec(output)
        if (match?.[1]) resolve(match[1])
      })
      child.stderr.on('data', (chunk: Buffer) => {
        output += chunk.toString()
      })
      child.once('exit', () => {
        reject(new Error(`exited early: ${output}`))
      })
    })
    expect(await (await fetch(`${url}/`)).text()).toBe('Ok\n')
    const exited = new Promise<number | null>((resolve) => child.once('exit', resolve))
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
    expect(existsSync(file)).toBe(true)
  }, 20_000)
})
