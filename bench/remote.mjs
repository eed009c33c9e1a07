// A change made on another device (written through the REST API) arriving at the open page:
// the app's share of the main thread, and the page's whole main-thread time from the Listen
// channel's data to the frame that shows it, from a Chrome trace. See bench/README.md.
import { mkdirSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { changeElsewhere } from './setup.mjs'

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** A task of the thread's scheduler, as named in Chrome's trace (older versions: RunTask). */
const TASKS = new Set(['ThreadControllerImpl::RunTask', 'RunTask'])
const LISTEN = '/google.firestore.v1.Firestore/Listen/channel'
const CATEGORIES = ['toplevel', 'blink.user_timing', 'devtools.timeline']

/**
 * From a trace of one change: the main thread's busy time (the tasks DevTools' Performance
 * panel shows) from the task that received the Listen channel's first data after the write
 * (`bench:remote-write`) to the end of the frame that showed the change, split at the
 * dispatch of `tasksSnapshotReceived` (before: the SDK's processing; after: the app's).
 */
export function mainThreadMs(trace) {
  const events = trace.traceEvents ?? trace
  const mark = (name) => {
    const found = events.find((e) => e.name === name && e.cat.includes('user_timing'))
    if (!found) throw new Error(`The trace lacks the mark ${name}`)
    return found
  }
  const write = mark('bench:remote-write')
  const dispatched = mark('bench:remote-dispatched')
  const painted = mark('bench:remote-painted')
  const onMain = (e) => e.pid === painted.pid && e.tid === painted.tid
  const tasks = events
    .filter((e) => TASKS.has(e.name) && e.ph === 'X' && onMain(e))
    .sort((a, b) => a.ts - b.ts)
  // The channel streams over fetch: its data shows as ResourceReceivedData. Its request began
  // before the trace did; a request the trace saw begin is the channel only if its URL says so.
  const sent = new Map(
    events
      .filter((e) => e.name === 'ResourceSendRequest')
      .map((e) => [e.args.data.requestId, String(e.args.data.url)]),
  )
  const arrived = events
    .filter((e) => e.name === 'ResourceReceivedData' && e.ts >= write.ts && onMain(e))
    .filter((e) => sent.get(e.args.data.requestId)?.includes(LISTEN) ?? true)
    .sort((a, b) => a.ts - b.ts)[0]
  const around = tasks.find((t) => t.ts <= arrived.ts && arrived.ts <= t.ts + t.dur)
  const from = around ? around.ts : arrived.ts
  const busyIn = (start, end) => {
    let busy = 0
    let coveredTo = start
    for (const task of tasks) {
      const begin = Math.max(task.ts, coveredTo)
      const finish = Math.min(task.ts + task.dur, end)
      if (finish > begin) busy += finish - begin
      coveredTo = Math.max(coveredTo, finish)
    }
    return busy / 1000
  }
  return {
    whole: busyIn(from, painted.ts),
    beforeDispatch: busyIn(from, dispatched.ts),
    wall: (painted.ts - from) / 1000,
  }
}

/**
 * `reps` changes to the first row's text, made elsewhere, while `page` shows the list; each
 * timed from its `tasksSnapshotReceived` to the end of the next frame (the app's share), and
 * traced for the page's whole main-thread time.
 */
export async function measureRemoteChanges(page, { reps, profile }) {
  const browser = page.context().browser()
  const cdp = profile ? await page.context().newCDPSession(page) : null
  if (cdp) {
    await cdp.send('Profiler.enable')
    await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
  }
  const results = []
  for (let rep = 0; rep < reps; rep++) {
    await sleep(1000)
    const { firstId } = await page.evaluate(() => window.__bench.probe())
    const text = `Changed on another device ${String(rep)}`
    await page.evaluate(
      ([id, expected]) => {
        window.__benchRemote = window.__bench.awaitAction(
          (action) =>
            action.type === 'tasks/tasksSnapshotReceived' &&
            action.payload.updates.some(
              (u) => u.kind === 'changed' && u.task.id === id && u.task.task === expected,
            ),
          'remote',
        )
      },
      [firstId, text],
    )
    if (cdp) await cdp.send('Profiler.start')
    await browser.startTracing(page, { categories: CATEGORIES })
    await page.evaluate(() => performance.mark('bench:remote-write'))
    await changeElsewhere(firstId, text)
    const { dispatched, painted } = await page.evaluate(() => window.__benchRemote)
    const trace = JSON.parse((await browser.stopTracing()).toString())
    const shown = await page.evaluate(() => window.__bench.probe().first)
    if (shown !== text) throw new Error(`Check failed: the remote change shows "${String(shown)}"`)
    if (cdp) {
      const { profile: cpu } = await cdp.send('Profiler.stop')
      mkdirSync(profile, { recursive: true })
      writeFileSync(join(profile, `remote-${String(rep)}.cpuprofile`), JSON.stringify(cpu))
      writeFileSync(join(profile, `remote-${String(rep)}.trace.json`), JSON.stringify(trace))
    }
    await page.evaluate(() => {
      performance.clearMarks()
    })
    try {
      results.push({ appShare: painted - dispatched, ...mainThreadMs(trace) })
    } catch (error) {
      const kept = join(tmpdir(), 'todo-bench-remote.trace.json')
      writeFileSync(kept, JSON.stringify(trace))
      throw new Error(
        `${error instanceof Error ? error.message : String(error)} (trace: ${kept})`,
        {
          cause: error,
        },
      )
    }
  }
  await cdp?.detach()
  return results
}
