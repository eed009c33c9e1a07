// The bench's further tables: the list windowed by @tanstack/react-virtual beside ours, and the
// clicks on lists fed without the Listen channel, at each size.
import { INTERACTIONS } from './interactions.mjs'

const quantile = (values, q) => {
  const sorted = values.filter((v) => v !== null && v !== undefined).sort((a, b) => a - b)
  if (sorted.length === 0) return null
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]
}
const fmt = (value) => (value === null ? '–' : value.toFixed(1))
const paints = (run, name) =>
  (run?.interactions?.[name] ?? run?.[name] ?? []).map((r) => r.nextPaint)

/** Ours against the same app with its list windowed by @tanstack/react-virtual. */
export function reportTanstack(out, table, { ours, tanstack }) {
  out()
  out('The windowed list: ours against @tanstack/react-virtual (bench/variants), the same clicks')
  out('on the same 5,000 tasks with the drag library in both (ms, median / p95):')
  out()
  table(
    ['interaction', 'ours', 'tanstack', 'tanstack / ours (median)'],
    Object.keys(INTERACTIONS).map((name) => {
      const [a, b] = [paints(ours, name), paints(tanstack, name)]
      const [ma, mb] = [quantile(a, 0.5), quantile(b, 0.5)]
      return [
        INTERACTIONS[name],
        `${fmt(ma)} / ${fmt(quantile(a, 0.95))}`,
        `${fmt(mb)} / ${fmt(quantile(b, 0.95))}`,
        ma === null || mb === null ? '–' : `${(mb / ma).toFixed(2)}×`,
      ]
    }),
  )
}

/** Find's filtered list: from the keystroke to the frame that shows it (a deferred render). */
export function reportFindListed(out, runs) {
  const lines = Object.entries(runs).flatMap(([name, run]) => {
    const values = (run?.interactions?.find ?? run?.find ?? []).map((r) => r.listed)
    if (values.length === 0) return []
    return [`${name} ${fmt(quantile(values, 0.5))} / ${fmt(quantile(values, 0.95))}`]
  })
  if (lines.length === 0) return
  out()
  out('Find keystroke → the frame showing the matching rows (Find renders them deferred), ms,')
  out(`median / p95: ${lines.join('; ')}`)
}

/** Each interaction's median and p95 at each fed size: flat if the click does not grow. */
export function reportScale(out, table, scale, which = 'ours') {
  const sizes = Object.keys(scale)
  out()
  out(`Lists fed without the Listen channel (one snapshot into the real store; the page cut from`)
  out(`Firestore, its writes kept on the device), ${which}: click or key → next paint (ms, median`)
  out('/ p95):')
  out()
  table(
    ['interaction', ...sizes.map((size) => `${Number(size).toLocaleString('en')} tasks`)],
    Object.keys(INTERACTIONS).map((name) => [
      INTERACTIONS[name],
      ...sizes.map((size) => {
        const values = paints(scale[size], name)
        return `${fmt(quantile(values, 0.5))} / ${fmt(quantile(values, 0.95))}`
      }),
    ]),
  )
}
