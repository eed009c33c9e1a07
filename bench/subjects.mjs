// What the bench measures on each subject: the app and the naive reference.
import { measureInteractions } from './interactions.mjs'
import { inMyTasks } from './lists.mjs'
import { measureRemoteChanges } from './remote.mjs'
import * as setup from './setup.mjs'
import { firstRender, heapAfterLoad, laterVisits, newContext, signIn } from './visits.mjs'

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms))

/** The app: its first visit, later visits, a change from elsewhere, the clicks. */
export async function benchOurs(browser, env, options, log) {
  log('ours: signing in')
  // The page opens on My tasks: with lists, it shows their share of the tasks.
  const rows = inMyTasks(options.tasks, options.lists ?? 1)
  const { context, page, first } = await signIn(browser, env, setup.ACCOUNT, rows, log)
  log('ours: later visits')
  const loads = await laterVisits(page, env.appUrl, options.loads, rows)
  await sleep(1000)
  const heap = await heapAfterLoad(page)
  log('ours: changes made on another device')
  const remote = await measureRemoteChanges(page, {
    reps: options.remote,
    profile: options.profile,
  })
  log('ours: interactions')
  const interactions = await measureInteractions(page, options, 'ours', log)
  await context.close()

  log(`ours: later visits with ${String(setup.SHORT_LIST)} tasks`)
  const short = await signIn(browser, env, setup.SHORT_LIST_ACCOUNT, setup.SHORT_LIST, log)
  const shortLoads = await laterVisits(short.page, env.appUrl, options.loads, setup.SHORT_LIST)
  await short.context.close()
  return {
    firstVisit: first,
    loads,
    shortList: { tasks: setup.SHORT_LIST, loads: shortLoads },
    heap,
    remote,
    interactions,
  }
}

/** The naive reference list: its loads and the same five clicks. */
export async function benchNaive(browser, env, options, log) {
  log('naive reference: loading the list')
  const context = await newContext(browser)
  const page = await context.newPage()
  const loads = []
  for (let i = 0; i < options.loads; i++) {
    await page.goto(env.naiveUrl)
    loads.push(await firstRender(page, options.tasks))
  }
  await sleep(1000)
  const heap = await heapAfterLoad(page)
  log('naive reference: interactions')
  const interactions = await measureInteractions(page, options, 'naive', log)
  await context.close()
  return { loads, heap, interactions }
}
