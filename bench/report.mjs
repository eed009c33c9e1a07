// The bench's table: the figures, then each goal (docs/performance.md) met or not.
import { INTERACTIONS } from './interactions.mjs'
import { reportGoals } from './goals.mjs'
import { inMyTasks } from './lists.mjs'
import {
  fmt,
  quantile,
  reportDateHint,
  reportFindListed,
  reportScale,
  reportSwitch,
} from './reportMore.mjs'
import { VIEWPORT } from './visits.mjs'

const median = (values) => quantile(values, 0.5)
const list = (values) => values.map((v) => fmt(v, 0)).join(', ')
const spread = (values) => `median ${fmt(median(values))} ms (${list(values)})`

/** Event Timing reports only durations of 16 ms or more: a missing one is "<16". */
function eventTimingQuantile(results, q) {
  if (results.length === 0) return '–'
  const value = quantile(
    results.map((r) => r.eventTiming ?? -1),
    q,
  )
  return value < 0 ? '<16' : fmt(value, 0)
}

export function report({ options, machine, ours, naive, scale = null }) {
  const lines = []
  const out = (line = '') => lines.push(line)
  const table = (header, rows) => {
    const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((r) => r[i].length)))
    const line = (cells) =>
      cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ')
    out(line(header))
    out(widths.map((w) => '-'.repeat(w)).join('  '))
    for (const row of rows) out(line(row))
  }
  const names = Object.keys(INTERACTIONS)
  // An interaction left out (--interactions) has no results.
  const runs = (run, name) => run?.interactions[name] ?? []
  const paints = (run, name) => runs(run, name).map((r) => r.nextPaint)
  const field = (run, name, key) => runs(run, name).map((r) => r[key])

  const lists = options.lists ?? 1
  // With lists the page shows My tasks' share of the tasks, where the other clicks are made.
  const shown = inMyTasks(options.tasks, lists)
  const spreadOver =
    lists < 2
      ? ''
      : ` over ${String(lists)} lists (${String(shown)} in My tasks, where the clicks are)`
  out(
    `${String(options.tasks)} tasks${spreadOver}; headless Chromium ${String(VIEWPORT.width)}×${String(VIEWPORT.height)}; ` +
      `each interaction ${String(options.reps)} times (after ${String(options.warmup)} untimed), ` +
      `${String(options.pace)} ms apart; ${machine}.`,
  )
  out()
  out('Click → next paint (ms): from the input event to the end of the next frame on the main')
  out('thread, for the press and the release of a 50 ms click; the longer of the two.')
  out()
  table(
    ['interaction', 'median', 'p95', 'naive median', 'p95', 'naive / ours (median)'],
    names.map((name) => {
      const [a, b] = [median(paints(ours, name)), median(paints(naive, name))]
      return [
        INTERACTIONS[name],
        fmt(a),
        fmt(quantile(paints(ours, name), 0.95)),
        fmt(b),
        fmt(quantile(paints(naive, name), 0.95)),
        a === null || b === null ? '–' : `${fmt(b / a)}×`,
      ]
    }),
  )
  if (ours) {
    out()
    out("Where it goes (medians, ms); Event Timing's duration for the same clicks (median / p95;")
    out('it rounds to 8 ms, reports nothing under 16 and includes presentation); and the time')
    out("until the server acknowledged the click's write (the next click waits for it):")
    out()
    table(
      [
        'interaction',
        'press',
        'release',
        'input delay',
        'handlers + render',
        'Event Timing',
        'saved',
      ],
      names.map((name) => [
        INTERACTIONS[name],
        fmt(median(field(ours, name, 'press'))),
        fmt(median(field(ours, name, 'release'))),
        fmt(median(field(ours, name, 'inputDelay'))),
        fmt(median(field(ours, name, 'processing'))),
        `${eventTimingQuantile(runs(ours, name), 0.5)} / ${eventTimingQuantile(runs(ours, name), 0.95)}`,
        fmt(median(field(ours, name, 'saved')), 0),
      ]),
    )
    const loads = ours.loads
    const { tasks: shortTasks, loads: shortLoads } = ours.shortList
    const gap = (list, from, to) => list.map((l) => (l[from] === null ? null : l[to] - l[from]))
    const visits = (tasks, list) => {
      out(
        `  navigation → list, ${String(tasks)} tasks: ${spread(list.map((l) => l.navigationToList))}`,
      )
      out(
        `    navigation → first contentful paint: ${spread(list.map((l) => l.firstContentfulPaint))}`,
      )
      out(`    navigation → signed in (authStateChanged): ${spread(list.map((l) => l.signedIn))}`)
      out(`    signed in → first snapshot: ${spread(gap(list, 'signedIn', 'snapshotAt'))}`)
    }
    out()
    out(
      `Opening the list on a later visit (signed in, the SDK's cache filled), ${String(loads.length)} visits:`,
    )
    out(
      `  first tasksSnapshotReceived → end of the frame showing the list: ${spread(loads.map((l) => l.dataToList))}`,
    )
    out(
      `    (from the cache: ${String(loads.filter((l) => l.fromCache).length)} of ${String(loads.length)})`,
    )
    visits(shown, loads)
    visits(shortTasks, shortLoads)
    const early = (list) => fmt(median(gap(list, 'firstContentfulPaint', 'navigationToList')), 0)
    out('  At most what a paint of the list before Firebase loads could gain (list less first')
    out(
      `    contentful paint, median): ${early(loads)} ms at ${String(shown)} tasks, ${early(shortLoads)} ms at ${String(shortTasks)}`,
    )
    out(
      `  the first visit, right after the sign-in (the server's answer): snapshot → list ${fmt(ours.firstVisit.dataToList)} ms`,
    )
    const remote = ours.remote
    if (remote.length > 0) {
      out()
      out(
        `A change made on another device (REST write), ${String(remote.length)} times, the page showing the list:`,
      )
      out(
        `  the app's share, tasksSnapshotReceived → end of the next frame: ${spread(remote.map((r) => r.appShare))}`,
      )
      out(
        `  the page's main thread, Listen data → that frame: ${spread(remote.map((r) => r.whole))}`,
      )
      out(
        `    of which before the dispatch (the SDK's processing): ${spread(remote.map((r) => r.beforeDispatch))}`,
      )
      out(`    wall clock, Listen data → that frame: ${spread(remote.map((r) => r.wall))}`)
    }
  }
  if (scale) reportScale(out, table, scale)
  reportFindListed(out, {
    ours,
    ...Object.fromEntries(Object.entries(scale ?? {}).map(([n, r]) => [`fed ${n}`, r])),
  })
  reportDateHint(out, ours)
  reportSwitch(out, ours)
  if (naive) {
    out()
    out(`Naive reference, tasks.json → list: ${spread(naive.loads.map((l) => l.dataToList))}`)
  }
  out()
  out('After load, after garbage collection:')
  for (const [name, run] of Object.entries({ ours, naive })) {
    if (run)
      out(
        `  ${name.padEnd(6)} JS heap ${fmt(run.heap.heapMB)} MB, ${String(run.heap.domNodes)} DOM nodes`,
      )
  }
  if (ours) reportGoals(out, ours)
  return lines.join('\n')
}
