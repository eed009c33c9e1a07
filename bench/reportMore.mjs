// The bench's further tables: Find's deferred list, and the clicks on lists fed without the
// Listen channel, at each size.
import { INTERACTIONS } from './interactions.mjs'

/** The value below which `q` of `values` fall (nearest rank), or null with none. */
export const quantile = (values, q) => {
  const sorted = values.filter((v) => v !== null && v !== undefined).sort((a, b) => a - b)
  if (sorted.length === 0) return null
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil(q * sorted.length) - 1))]
}
export const fmt = (value, digits = 1) => (value === null ? '–' : value.toFixed(digits))
const paints = (run, name) =>
  (run?.interactions?.[name] ?? run?.[name] ?? []).map((r) => r.nextPaint)

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

/** The date hint: from the keystroke to the frame that shows what it now reads (deferred). */
export function reportDateHint(out, ours) {
  const values = (ours?.interactions?.dateKey ?? []).map((r) => r.listed)
  if (values.length === 0) return
  out()
  out('Keystroke with a date recognised → the frame showing the new hint (a deferred render), ms,')
  out(`median / p95: ${fmt(quantile(values, 0.5))} / ${fmt(quantile(values, 0.95))}`)
}

/** Each interaction's median and p95 at each fed size: flat if the click does not grow. */
export function reportScale(out, table, scale) {
  const sizes = Object.keys(scale)
  out()
  out(`Lists fed without the Listen channel (one snapshot into the real store; the page cut from`)
  out(`Firestore, its writes kept on the device): click or key → next paint (ms, median`)
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

/** Switch list: to the frame showing the list, to the click's own frame, how often they were one. */
export function reportSwitch(out, ours) {
  const runs = ours?.interactions?.switch ?? []
  if (runs.length === 0) return
  const own = runs.filter((r) => r.ownFrame).length
  const figures = (key) => {
    const values = runs.map((r) => r[key])
    return `${fmt(quantile(values, 0.5))} / ${fmt(quantile(values, 0.95))}`
  }
  out()
  out('Switch list, ms, median / p95: the click → the end of the first frame showing the list (its')
  out(`link marked as the page shown, its first row one of its tasks) ${figures('listed')};`)
  out(`→ the end of the click's own next frame ${figures('release')}, which showed the list for`)
  out(
    `${String(own)} of ${String(runs.length)} clicks (the app follows the link's hashchange, a task of its own).`,
  )
}
