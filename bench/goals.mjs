// The goals (docs/performance.md), each met or not, at the end of the bench's table.
import { INTERACTIONS } from './interactions.mjs'
import { quantile } from './reportMore.mjs'

export const GOALS = { median: 16, p95: 50, firstRender: 300, remote: 16, switchMedian: 50 }

const median = (values) => quantile(values, 0.5)

/** Each goal of the app's run, `ours`, met or not. */
export function reportGoals(out, ours) {
  const names = Object.keys(INTERACTIONS)
  const paints = (run, name) => (run.interactions[name] ?? []).map((r) => r.nextPaint)
  const verdicts = []
  for (const name of names) {
    if (!(name in ours.interactions)) continue
    if (paints(ours, name).length === 0) {
      verdicts.push([`${INTERACTIONS[name]}: not available in this build`, false])
      continue
    }
    // Switching lists has a goal of its own (issue 47): a median, no p95.
    if (name === 'switch') {
      verdicts.push([
        `${INTERACTIONS[name]}: median ≤ ${String(GOALS.switchMedian)} ms`,
        median(paints(ours, name)) <= GOALS.switchMedian,
      ])
      continue
    }
    verdicts.push([
      `${INTERACTIONS[name]}: median ≤ ${String(GOALS.median)} ms`,
      median(paints(ours, name)) <= GOALS.median,
    ])
    verdicts.push([
      `${INTERACTIONS[name]}: p95 ≤ ${String(GOALS.p95)} ms`,
      quantile(paints(ours, name), 0.95) <= GOALS.p95,
    ])
  }
  const firstRender = ours.loads.map((l) => l.dataToList)
  verdicts.push([
    `first list render from the cache ≤ ${String(GOALS.firstRender)} ms (median)`,
    ours.loads.every((l) => l.fromCache) && median(firstRender) <= GOALS.firstRender,
  ])
  if (ours.remote.length > 0) {
    const remote = (key) => median(ours.remote.map((r) => r[key]))
    verdicts.push([
      `a change from another device, the app's share ≤ ${String(GOALS.remote)} ms (median)`,
      remote('appShare') <= GOALS.remote,
    ])
    verdicts.push([
      `a change from another device, the whole main thread ≤ ${String(GOALS.remote)} ms (median; the emulator resends every task)`,
      remote('whole') <= GOALS.remote,
    ])
  }
  out()
  out(
    `Goals: ${String(verdicts.filter(([, met]) => met).length)} of ${String(verdicts.length)} met`,
  )
  for (const [goal, met] of verdicts) out(`  ${met ? 'met    ' : 'NOT MET'}  ${goal}`)
}
