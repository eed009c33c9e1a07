// `npm test` runs each journey of thousands at a size that still crosses the threshold it tests
// (named beside each size); `npm run test:e2e:full` (E2E_FULL=1) runs them at their full sizes:
// 5,000-task lists, 2,000 queued adds, a 3,000-task import. `npm run bench` measures 5,000 and
// 50,000 either way.

/** Whether this run takes the full sizes. */
export const FULL = process.env.E2E_FULL === '1'

/** `full` in a full run (E2E_FULL=1), else `quick`. */
export const sized = (full: number, quick: number): number => (FULL ? full : quick)

/** A count as the app writes it: 1,200. */
export const counted = (n: number) => n.toLocaleString('en-US')
