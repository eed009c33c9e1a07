import { createHash } from 'node:crypto'
import type { APIRequestContext } from '@playwright/test'
import { addTasks, expect, signIn, test } from './fixtures'
import { authAccountOf, idTokenOn } from './support/account'
import { deletionRecordOf, storedTasksOf } from './support/backend'
import { expectGone, openDeletion } from './support/deletion'
import { device } from './support/devices'
import { FIRESTORE } from './support/network'

// A deleted account's ID tokens stay valid for up to an hour. One read off a second device
// before the deletion (as anyone holding that device could) reaches nothing of the next account
// with the same e-mail: every way in is refused by the rules (firestore.rules' `deletions`).

test.slow() // two devices, a deletion and a new sign-up

const DOCUMENTS = 'projects/demo-todo/databases/(default)/documents'

/** Each way in, through Firestore's REST API with `token`: its HTTP status. */
function waysIn(request: APIRequestContext, token: string, email: string, taskId: string) {
  const headers = { authorization: `Bearer ${token}`, 'content-type': 'application/json' }
  const task = `${FIRESTORE}/v1/${DOCUMENTS}/tasks/${taskId}`
  const key = createHash('sha256').update(email).digest('hex')
  const record = `${FIRESTORE}/v1/${DOCUMENTS}/deletions/${key}`
  const fields = {
    task: { stringValue: 'Planted with an old token' },
    isFinished: { booleanValue: false },
    email: { stringValue: email },
  }
  const status = async (answer: Promise<{ status: () => number }>) => (await answer).status()
  return {
    list: () =>
      status(
        request.post(`${FIRESTORE}/v1/${DOCUMENTS}:runQuery`, {
          headers,
          data: {
            structuredQuery: {
              from: [{ collectionId: 'tasks' }],
              where: {
                fieldFilter: {
                  field: { fieldPath: 'email' },
                  op: 'EQUAL',
                  value: { stringValue: email },
                },
              },
            },
          },
        }),
      ),
    read: () => status(request.get(task, { headers })),
    create: () =>
      status(
        request.post(`${FIRESTORE}/v1/${DOCUMENTS}/tasks?documentId=planted`, {
          headers,
          data: { fields },
        }),
      ),
    update: () =>
      status(
        request.patch(`${task}?updateMask.fieldPaths=isFinished`, {
          headers,
          data: { fields: { isFinished: { booleanValue: true } } },
        }),
      ),
    delete: () => status(request.delete(task, { headers })),
    'remove the record': () => status(request.delete(record, { headers })),
    'take its time away': () =>
      status(
        request.patch(`${record}?updateMask.fieldPaths=closedAt`, {
          headers,
          data: { fields: {} },
        }),
      ),
  }
}

test('a token read before the deletion can do nothing to the next account with the e-mail', async ({
  signedIn: laptop,
  person,
  browser,
}) => {
  await addTasks(laptop, 'Before the deletion')
  const phone = await device(browser, person)
  const oldToken = await idTokenOn(phone.page)
  const oldUid = await authAccountOf(laptop.request, person.email)

  const dialog = await openDeletion(laptop)
  await dialog.getByRole('button', { name: 'Delete account' }).click()
  await expectGone(laptop, person)

  // The same e-mail signs up again: a new account, which works as any other.
  await signIn(laptop, person)
  expect(await authAccountOf(laptop.request, person.email)).not.toBe(oldUid)
  await addTasks(laptop, 'The next owner’s task')
  await expect.poll(async () => (await storedTasksOf(laptop.request, person.email)).length).toBe(1)
  const [theirs] = await storedTasksOf(laptop.request, person.email)
  if (!theirs) throw new Error('No task stored')

  const ways = waysIn(laptop.request, oldToken, person.email, theirs.id)
  const answers: Record<string, number> = {}
  for (const [way, tryIt] of Object.entries(ways)) answers[way] = await tryIt()
  expect(answers).toEqual({
    list: 403,
    read: 403,
    create: 403,
    update: 403,
    delete: 403,
    'remove the record': 403,
    'take its time away': 403,
  })
  // Nothing of it landed: the next owner's task as it was, the record as it was.
  expect((await storedTasksOf(laptop.request, person.email)).map((task) => task.task)).toEqual([
    'The next owner’s task',
  ])
  expect(await deletionRecordOf(laptop.request, person.email)).toEqual({
    closing: false,
    closed: true,
  })
  // The next owner's own session goes on working.
  await addTasks(laptop, 'Still mine')
  await expect.poll(async () => (await storedTasksOf(laptop.request, person.email)).length).toBe(2)
})
