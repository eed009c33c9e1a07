/**
 * backend/ as a real HTTP server (the same handlers, real sockets), its data file, and the
 * command line, including what survives `kill -9`.
 */
import { type ChildProcessWithoutNullStreams, spawn } from 'node:child_process'
import { mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs'
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
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest'

import { parseArgs } from '../cli'
import { type FirestoreServer, startFirestoreServer } from '../firestore/server'
import { ALICE, PROJECT, ROOT, name, setWrite, taskFields, tasksQuery, tokenFor } from './helpers'

let directory: string
let server: FirestoreServer | undefined

beforeAll(() => {
  setLogLevel('silent')
  directory = mkdtempSync(join(tmpdir(), 'firestore-backend-'))
})
afterAll(() => {
  rmSync(directory, { recursive: true, force: true })
})
afterEach(async () => {
  await server?.close()
  server = undefined
})

function post(url: string, rpc: string, body: unknown): Promise<Response> {
  return fetch(`${url}/v1/${ROOT}:${rpc}`, {
    method: 'POST',
    headers: { 'Content-Type': 'text/plain', Authorization: `Bearer ${tokenFor(ALICE)}` },
    body: JSON.stringify(body),
  })
}

const savedNames = (file: string) =>
  (JSON.parse(readFileSync(file, 'utf8')) as { documents: { name: string }[] }).documents.map(
    (document) => document.name,
  )

describe('HTTP server', () => {
  it('answers the health check on 127.0.0.1, serves the real SDK, and injects faults', async () => {
    server = await startFirestoreServer({ port: 0 })
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+$/)
    expect(await (await fetch(`${server.url}/`)).text()).toBe('Ok\n')
    const app = initializeApp({ projectId: PROJECT, apiKey: 'demo' }, 'server-test')
    try {
      const db = getFirestore(app)
      connectFirestoreEmulator(db, '127.0.0.1', server.port, {
        mockUserToken: { sub: 'u1', email: ALICE, email_verified: true, iat: Date.now() / 1000 },
      })
      const task = { task: 'Walk', isFinished: false, email: ALICE, order: 1 }
      await setDoc(doc(db, 'tasks', 't1'), task)
      const own = await getDocs(query(collection(db, 'tasks'), where('email', '==', ALICE)))
      expect(own.docs.map((snapshot) => snapshot.data())).toEqual([task])
      server.backend.faults.add({ status: 503, times: 1 })
      await expect(setDoc(doc(db, 'tasks', 't2'), task)).rejects.toMatchObject({
        code: 'unavailable',
      })
      server.backend.faults.add({ networkError: true, times: 1 })
      await expect(post(server.url, 'runQuery', tasksQuery(ALICE))).rejects.toThrow()
    } finally {
      await deleteApp(app)
    }
  })
})

describe('the data file', () => {
  it('holds a change before the change is acknowledged, loads at start, and --fresh empties it', async () => {
    const file = join(directory, 'nested', 'firestore.json')
    server = await startFirestoreServer({ port: 0, dataFile: file })
    expect((await post(server.url, 'commit', { writes: [setWrite('t1', taskFields())] })).ok).toBe(
      true,
    )
    // Acknowledged: already in the file, and no temporary file is left beside it.
    expect(savedNames(file)).toEqual([name('t1')])
    expect(readdirSync(join(directory, 'nested'))).toEqual(['firestore.json'])
    await server.close()

    server = await startFirestoreServer({ port: 0, dataFile: file })
    const rows = (await (await post(server.url, 'runQuery', tasksQuery(ALICE))).json()) as {
      document?: { fields: unknown }
    }[]
    expect(rows.map((row) => row.document?.fields)).toEqual([taskFields()])
    await server.close()

    server = await startFirestoreServer({ port: 0, dataFile: file, fresh: true })
    expect(server.backend.store.size).toBe(0)
    expect(savedNames(file)).toEqual([])
  })

  it('refuses to start on a corrupt file', async () => {
    const file = join(directory, 'corrupt.json')
    writeFileSync(file, '{ not json')
    await expect(startFirestoreServer({ port: 0, dataFile: file })).rejects.toThrow(/--fresh/)
  })
})

/** `node backend/start.js …args`, resolved with the process and its URL once it listens. */
async function startCli(
  args: string[],
): Promise<{ child: ChildProcessWithoutNullStreams; url: string }> {
  const child = spawn(process.execPath, ['backend/start.js', '--port', '0', ...args], {
    cwd: join(import.meta.dirname, '../..'),
  })
  let output = ''
  const url = await new Promise<string>((resolve, reject) => {
    const read = (chunk: Buffer) => {
      output += chunk.toString()
      const match = /listening on (http:\/\/[\d.:]+)/.exec(output)
      if (match?.[1]) resolve(match[1])
    }
    child.stdout.on('data', read)
    child.stderr.on('data', read)
    child.once('exit', () => {
      reject(new Error(`exited early: ${output}`))
    })
  })
  return { child, url }
}

const exitOf = (child: ChildProcessWithoutNullStreams) =>
  new Promise<number | string | null>((resolve) => {
    child.once('exit', (code, signal) => {
      resolve(signal ?? code)
    })
  })

describe('command line', () => {
  it('parses its flags', () => {
    expect(parseArgs([])).toEqual({
      port: 8080,
      host: '127.0.0.1',
      dataFile: '.data/firestore.json',
      fresh: false,
      quiet: false,
      help: false,
    })
    expect(parseArgs(['--port', '0', '--fresh', '--data=/tmp/x.json', '--quiet'])).toMatchObject({
      port: 0,
      fresh: true,
      dataFile: '/tmp/x.json',
      quiet: true,
    })
    expect(parseArgs(['--memory']).dataFile).toBeUndefined()
    expect(() => parseArgs(['--port', 'x'])).toThrow(/port/)
    expect(() => parseArgs(['--bogus'])).toThrow(/Unknown option/)
  })

  it('keeps every acknowledged write when killed with SIGKILL the moment it answers', async () => {
    const file = join(directory, 'killed.json')
    const ids = ['k0', 'k1', 'k2']
    for (const [index, id] of ids.entries()) {
      const { child, url } = await startCli(['--data', file, ...(index === 0 ? ['--fresh'] : [])])
      const exited = exitOf(child)
      const response = await post(url, 'commit', { writes: [setWrite(id, taskFields())] })
      child.kill('SIGKILL')
      expect(response.status).toBe(200)
      expect(await exited).toBe('SIGKILL')
    }
    const { child, url } = await startCli(['--data', file])
    const rows = (await (await post(url, 'runQuery', tasksQuery(ALICE))).json()) as {
      document?: { name: string }
    }[]
    const exited = exitOf(child)
    child.kill('SIGTERM')
    expect(await exited).toBe(0)
    expect(rows.map((row) => row.document?.name)).toEqual(ids.map((id) => name(id)))
  }, 120_000)
})
