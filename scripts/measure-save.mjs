// How long one of `npm start`'s periodic saves takes (scripts/data-saver.mjs), for the figures
// in docs/setup.md: `node scripts/measure-save.mjs [tasks…]` (default 1000 10000). It starts the
// Firestore emulator alone on free ports, stores that many tasks, then times saves of the
// Firestore data into a temporary folder: after one task changed (export, read back, swap) and
// with nothing changed (export, read back, dropped), 5 of each, and prints the medians.
import { mkdtempSync, rmSync } from 'node:fs'
import { createServer } from 'node:net'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { countDocuments, exportFirestore } from './emulator-export.mjs'
import { engineServices, findEngine, HOST, requestedBackend } from './engine.mjs'
import { seedTasks } from './firestore-rest.mjs'
import { startProcesses, startTimeoutMs } from './processes.mjs'
import { dataStores, NOTHING, saveStore } from './saving.mjs'

const sizes = process.argv.slice(2).map(Number)
const ROUNDS = 5

const freePort = () =>
  new Promise((resolve) => {
    const server = createServer().listen(0, HOST, () => {
      const { port } = server.address()
      server.close(() => resolve(port))
    })
  })

const task = (index, text = `Task ${String(index)} with a few words in it`) => ({
  id: `task-${String(index).padStart(6, '0')}`,
  task: text,
  isFinished: index % 3 === 0,
  email: 'dev@example.com',
  order: index,
})
const median = (values) => values.toSorted((a, b) => a - b)[Math.floor(values.length / 2)]

const tmp = mkdtempSync(join(tmpdir(), 'todo-measure-save-'))
const engine = findEngine(requestedBackend())
const ports = { auth: await freePort(), firestore: await freePort() }
Object.assign(ports, { hub: await freePort(), logging: await freePort() })
ports.websocket = await freePort()
const services = await startProcesses(
  engineServices(engine, { ports, configDir: tmp, auth: false }),
  { timeoutMs: startTimeoutMs(), logDir: join(tmp, 'logs'), say: () => undefined },
)
try {
  const origin = `http://${HOST}:${String(ports.firestore)}`
  const [store] = dataStores({ kind: 'jar' }, tmp)
  let saved = NOTHING
  let stored = 0
  console.log(`${engine.name}, ${new Date().toISOString().slice(0, 10)}`)
  for (const size of sizes.length > 0 ? sizes : [1000, 10000]) {
    await seedTasks(
      origin,
      Array.from({ length: size - stored }, (_, i) => task(stored + i)),
    )
    stored = size
    const timed = async () => {
      const begun = performance.now()
      const result = await saveStore(store, saved, {
        exportInto: (dir) => exportFirestore(ports.firestore, dir),
        liveCounts: async () => ({ documents: await countDocuments(ports.firestore) }),
      })
      saved = result.saved
      return { ms: performance.now() - begun, changed: result.changed }
    }
    const changed = []
    const unchanged = []
    for (let round = 0; round < ROUNDS; round++) {
      await seedTasks(origin, [task(round, `Edited ${String(Date.now())}`)])
      changed.push((await timed()).ms)
      unchanged.push((await timed()).ms)
    }
    const ms = (values) => `${median(values).toFixed(0)} ms`
    console.log(
      `${String(size)} tasks: a save after a change ${ms(changed)}, with nothing changed ${ms(unchanged)} (median of ${String(ROUNDS)})`,
    )
  }
} finally {
  await services.stop()
  rmSync(tmp, { recursive: true, force: true })
}
