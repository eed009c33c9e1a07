// What a refresh of the list costs (the list loaded again when the person comes back to the
// page, or the browser comes back online): the bytes of the query's answer, the time until the
// list is up to date, and the main thread's share of it. See bench/README.md.

import { mkdirSync, writeFileSync } from 'node:fs'
import { join } from 'node:path'
const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** The app refreshes at most every 10 s (src/features/tasks/loading.ts). */
const MIN_REFRESH_INTERVAL_MS = 10_000

const START = 'todo:bench-refresh-start'
/** A task of the thread's scheduler, as named in Chrome's trace (older versions: RunTask). */
const TASKS = new Set(['ThreadControllerImpl::RunTask', 'RunTask'])
const END = 'todo:bench-refresh-end'

/**
 * Milliseconds the page's main thread spent running tasks, from a Chrome trace (the tasks
 * DevTools' Performance panel shows):
 * - `all`: every task between the marks START and END, the refresh's or not (Firebase Auth
 *   polls IndexedDB every 800 ms; Chrome runs timers of its own);
 * - `own`: the same without the time the query was out (between the app's marks
 *   `todo:query-sent` and `todo:query-answered`), while the worker waits for the answer and
 *   decodes it and the page has nothing of the refresh to do.
 */
export function mainThreadMs(trace) {
  const events = trace.traceEvents ?? trace
  const marks = (name) => events.filter((e) => e.name === name && e.cat.includes('user_timing'))
  const [start] = marks(START)
  const [end] = marks(END)
  if (!start || !end) throw new Error(`The trace lacks the mark ${start ? END : START}`)
  const tasks = events
    .filter(
      (event) =>
        TASKS.has(event.name) &&
        event.ph === 'X' &&
        event.pid === start.pid &&
        event.tid === start.tid,
    )
    .sort((a, b) => a.ts - b.ts)
  const busyIn = (from, to) => {
    let busy = 0
    let coveredTo = from
    for (const task of tasks) {
      const begin = Math.max(task.ts, coveredTo)
      const finish = Math.min(task.ts + task.dur, to)
      if (finish > begin) busy += finish - begin
      coveredTo = Math.max(coveredTo, finish)
    }
    return busy / 1000
  }
  const sent = marks('todo:query-sent')[0]?.ts
  const answered = marks('todo:query-answered').at(-1)?.ts
  // A build without the marks (the query on the main thread, before the worker): all counts.
  if (sent === undefined || answered === undefined) {
    const all = busyIn(start.ts, end.ts)
    return { all, own: all }
  }
  // The tasks that hold the marks count whole (receiving the answer is the refresh's work).
  const around = (ts) => tasks.find((task) => task.ts <= ts && ts <= task.ts + task.dur)
  const sentTask = around(sent)
  const answeredTask = around(answered)
  const out = sentTask ? sentTask.ts + sentTask.dur : sent
  const back = answeredTask ? answeredTask.ts : answered
  return {
    all: busyIn(start.ts, end.ts),
    own: busyIn(start.ts, Math.min(out, back)) + busyIn(back, end.ts),
  }
}

/**
 * `reps` refreshes of the list shown in `page` (which the server holds unchanged, or with one
 * task changed elsewhere when `change` is given), each triggered as the browser does when it
 * comes back online.
 */
export async function measureRefreshes(page, { reps, change, profileTo }) {
  const browser = page.context().browser()
  const cdp = await page.context().newCDPSession(page)
  await cdp.send('Profiler.enable')
  await cdp.send('Profiler.setSamplingInterval', { interval: 100 })
  const results = []
  for (let rep = 0; rep < reps; rep++) {
    await sleep(MIN_REFRESH_INTERVAL_MS + 500)
    if (change) await change(rep)
    const answered = page.waitForResponse((response) => response.url().includes(':runQuery'))
    if (profileTo) await cdp.send('Profiler.start')
    // With --profile, the trace also says what each task did (and costs more to record).
    const categories = ['toplevel', 'blink.user_timing']
    if (profileTo) categories.push('devtools.timeline', 'v8')
    await browser.startTracing(page, { categories })
    const started = await page.evaluate((name) => {
      // Waits for the app's mark without polling (a timer every few ms would add its own tasks).
      window.todoBenchRefreshed = new Promise((resolve) => {
        new PerformanceObserver((list, observer) => {
          if (list.getEntriesByName('todo:list-refreshed').length === 0) return
          observer.disconnect()
          resolve()
        }).observe({ type: 'mark' })
      })
      const { startTime } = performance.mark(name)
      window.dispatchEvent(new Event('online'))
      return startTime
    }, START)
    const ended = await page.evaluate(
      (end) =>
        window.todoBenchRefreshed.then(
          () =>
            new Promise((resolve) => {
              // The end of the next frame: whatever the refresh drew has been painted.
              requestAnimationFrame(() => {
                const channel = new MessageChannel()
                channel.port1.onmessage = () => resolve(performance.mark(end).startTime)
                channel.port2.postMessage(null)
              })
            }),
        ),
      END,
    )
    const trace = JSON.parse((await browser.stopTracing()).toString())
    if (profileTo) {
      const { profile } = await cdp.send('Profiler.stop')
      mkdirSync(profileTo, { recursive: true })
      writeFileSync(join(profileTo, `${String(rep)}.cpuprofile`), JSON.stringify(profile))
      writeFileSync(join(profileTo, `${String(rep)}.trace.json`), JSON.stringify(trace))
    }
    // The answer's size, read once the timed part is over (reading it is work for DevTools).
    const bytes = (await (await answered).body()).length
    const { all, own } = mainThreadMs(trace)
    results.push({ bytes, totalMs: ended - started, mainThreadMs: own, windowMs: all })
  }
  await cdp.detach()
  return results
}

/**
 * From each timed click to the moment its change was recorded on the device (IndexedDB): the
 * window in which closing the tab could still lose it.
 */
export async function recordingDelays(page, clicks) {
  const marks = await page.evaluate(() =>
    performance.getEntriesByName('todo:change-recorded').map((entry) => entry.startTime),
  )
  return clicks.map(({ start }) => {
    const recorded = marks.find((time) => time >= start)
    return recorded === undefined ? null : recorded - start
  })
}
