// Lists (issue 47): the tasks spread over several lists, stored as the app stores them, and the
// timed switch from one list to the next through the "Lists" navigation.
import { createHash, randomBytes } from 'node:crypto'
import { generateNKeysBetween } from 'fractional-indexing'
import { check, NotAvailable, timedClick } from './clicks.mjs'

/** "My tasks" is a list with no document: the first link, and the tasks with no `list`. */
const MY_TASKS = 'My tasks'
const NAMES = ['Work', 'Home', 'Groceries', 'Garden', 'Reading', 'Travel', 'Car', 'Health']
NAMES.push('Gifts', 'Music', 'Films', 'Bills', 'School', 'Projects', 'Cooking', 'Sport')
NAMES.push('Friends', 'Kids', 'Office', 'Errands')

/** The name of the person's list in slot `slot` ("1" to "200"). */
const nameOf = (slot) => NAMES[Number(slot) - 1] ?? `List ${slot}`

/**
 * The list of the `index`th task when the tasks are spread over `lists` lists, My tasks one of
 * them: null (My tasks) or a slot, "1" to "200", in turn.
 */
export const listOf = (index, lists) =>
  lists < 2 || index % lists === 0 ? null : String(index % lists)

/** How many of `count` tasks spread over `lists` lists are in My tasks, the list first shown. */
export const inMyTasks = (count, lists) => (lists < 2 ? count : Math.ceil(count / lists))

/** The links of the "Lists" navigation, in order: My tasks, then the slots in rank order. */
export const listNames = (lists) => [
  MY_TASKS,
  ...Array.from({ length: Math.max(0, lists - 1) }, (_, i) => nameOf(String(i + 1))),
]

/** A made tag as the app writes one: 8 to 40 letters and digits (firestore.rules). */
const made = () => randomBytes(10).toString('hex')

/**
 * The person's own lists, `lists - 1` of them besides My tasks, in slots 1, 2, … and in that
 * order, written through Firestore's REST API at `documents` (`Bearer owner` passes the
 * rules) under `people/{sha256(email)}/lists/{slot}`, as src/services/firebase/lists.ts does.
 */
export async function seedLists(origin, documents, email, lists) {
  if (lists < 2) return
  const key = createHash('sha256').update(email).digest('hex')
  const ranks = generateNKeysBetween(null, null, lists - 1)
  const writes = ranks.map((rank, i) => ({
    update: {
      name: `${documents}/people/${key}/lists/${String(i + 1)}`,
      fields: {
        name: { stringValue: nameOf(String(i + 1)) },
        rank: { stringValue: rank },
        made: { stringValue: made() },
      },
    },
  }))
  const response = await fetch(`${origin}/v1/${documents}:commit`, {
    method: 'POST',
    headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
    body: JSON.stringify({ writes }),
  })
  if (!response.ok) throw new Error(`Seeding the lists failed: ${String(response.status)}`)
}

const escaped = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')

/**
 * Watches the frames, from now, for the first that paints `href`'s link as the page shown and,
 * as its first row, a task of list `slot` (as the store holds it); read in the frame's animation
 * frame callbacks, which its style, layout and paint follow with no task between. Resolves in
 * the page (`window.__bench.listPainted`) with the end of that frame, and which frame it was
 * since the next trusted click (1: the click's own next frame).
 */
function watchFrames(page, href, slot) {
  return page.evaluate(
    ([href, slot]) => {
      const bench = window.__bench
      let frames = null
      const clicked = (event) => {
        if (event.isTrusted) frames = 0
        else addEventListener('click', clicked, { capture: true, once: true })
      }
      addEventListener('click', clicked, { capture: true, once: true })
      bench.listPainted = new Promise((resolve, reject) => {
        const gaveUp = setTimeout(() => {
          reject(new Error('no frame showed it in 20 s'))
        }, 20_000)
        const look = () => {
          if (frames !== null) frames++
          const current = document.querySelector('a[aria-current="page"]')?.getAttribute('href')
          const firstId = document.querySelector('ul[aria-label="Tasks"] > li.task')?.dataset.taskId
          if (current !== href || firstId === undefined || bench.listOfTask(firstId) !== slot) {
            requestAnimationFrame(look)
            return
          }
          const channel = new MessageChannel()
          channel.port1.onmessage = () => {
            clearTimeout(gaveUp)
            resolve({ end: performance.now(), frames })
          }
          channel.port2.postMessage(null)
        }
        requestAnimationFrame(look)
      })
    },
    [href, slot],
  )
}

/**
 * Switch list, as a phase of measureInteractions: a real click on the next list's link in the
 * "Lists" navigation (after the last, My tasks again), timed to the end of the first frame that
 * paints that link as the page shown and a task of that list as its first row (`listed`, the
 * interaction's figure). Following a link changes the address in the click's own task but
 * fires `hashchange`, which the app follows, in a task of its own: the click's next frame
 * (`release`) may come before it and still show the last list (`ownFrame` says whether it did).
 */
export function switchList(page, counter, lists) {
  const names = listNames(lists)
  const nav = page.getByRole('navigation', { name: 'Lists' })
  let shown = 0
  return async () => {
    if ((await nav.count()) === 0) throw new NotAvailable('no navigation named Lists')
    const next = (shown + 1) % names.length
    const name = names[next]
    const slot = next === 0 ? null : String(next)
    // "Work 125 open": the list's name, then its open count.
    const link = nav.getByRole('link', { name: new RegExp(`^${escaped(name)} \\d`) })
    await link.scrollIntoViewIfNeeded()
    const box = await link.boundingBox()
    const href = await link.getAttribute('href')
    const point = { x: box.x + box.width / 2, y: box.y + box.height / 2 }
    await watchFrames(page, href, slot)
    const result = await timedClick(page, point, 'switch', counter)
    const painted = await page
      .evaluate(() => window.__bench.listPainted)
      .catch((error) => {
        throw new Error(`Check failed: switch list: ${name}: ${String(error)}`)
      })
    result.listed = painted.end - result.start
    check(painted.frames !== null, 'switch list: shown before the click')
    result.ownFrame = painted.frames === 1
    // The interaction ends when the list shows: the longer of that and the press's own paint.
    result.nextPaint = Math.max(result.nextPaint, result.listed)
    shown = next
    return result
  }
}
