// Clicks at 5,000, 20,000 and 50,000 tasks, to show that a click's cost stays flat as the list
// grows. Google's emulator refuses the Listen channel from about 10,000 documents
// (firebase-tools #5197), so these lists are fed without it: a person with no tasks signs in,
// the page is cut from Firestore (its writes then wait on the device, as offline), and the list
// arrives as the live query would bring it, one `tasks/tasksSnapshotReceived` dispatched into
// the real store of the production build (the harness holds it: actions.js). From there on it
// is the app as it runs: the reducers, the rows, the windowing, real clicks and keys.
import { measureInteractions } from './interactions.mjs'
import { makeTasks } from './setup.mjs'
import { openSignedIn } from './visits.mjs'

/** A person of their own for each size, with nothing on the server. */
const accountFor = (count) => ({
  email: `bench-fed-${String(count)}@example.com`,
  displayName: `Bench Fed ${String(count)}`,
})

async function feed(page, email, tasks) {
  await page.evaluate(
    ({ email, tasks }) => {
      window.__bench.store.dispatch({
        type: 'tasks/tasksSnapshotReceived',
        payload: {
          email,
          updates: tasks.map((task) => ({ kind: 'changed', task, pendingHere: false })),
          fromCache: false,
          hasPendingWrites: false,
        },
      })
    },
    { email, tasks },
  )
  await page.waitForFunction((n) => window.__bench.probe().size === n, tasks.length, {
    timeout: 120_000,
  })
}

/** The interactions at each of `counts` tasks, fed; `options.scaleReps` timed each. */
export async function measureScale(browser, env, options, counts, say) {
  const results = {}
  for (const count of counts) {
    say(`fed list of ${String(count)} tasks`)
    const account = accountFor(count)
    const { context, page } = await openSignedIn(browser, env, account)
    await page.getByText('No tasks have been added yet').waitFor({ timeout: 120_000 })
    await context.route('http://127.0.0.1:8080/**', (route) => route.abort())
    const tasks = makeTasks(count, account.email)
    await feed(page, account.email, tasks)
    await page.evaluate(() => window.__bench.quiet(1000))
    // One list, whatever --lists says: the fed person has none of their own.
    const run = { ...options, reps: options.scaleReps, warmup: Math.min(options.warmup, 3) }
    run.lists = 1
    results[count] = await measureInteractions(page, run, 'fed', say)
    await context.close()
  }
  return results
}
