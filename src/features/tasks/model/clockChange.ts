// A local time typed on the day the clocks change: in Berlin 02:30 on 28 March 2027 never comes
// (02:00 becomes 03:00) and 02:30 on 31 October 2027 comes twice. The browser's Date takes the
// later reading of a time that never comes (03:30) and the first of one that comes twice, as
// Temporal's "compatible" does; the hint says which, so the time kept is never a surprise.

export type ClockChange = 'skipped' | 'twice'

/**
 * Whether `hour`:`minute`, typed, never comes on the day of `date` (its reading, in this device's
 * zone) or comes twice.
 */
export function clockChange(date: Date, hour: number, minute: number): ClockChange | null {
  if (date.getHours() !== hour || date.getMinutes() !== minute) return 'skipped'
  const shift = Math.abs(
    new Date(+date - 864e5).getTimezoneOffset() - new Date(+date + 864e5).getTimezoneOffset(),
  )
  const again = new Date(+date + shift * 60_000)
  return shift > 0 && again.getHours() === hour && again.getMinutes() === minute ? 'twice' : null
}
