// @vitest-environment jsdom
import { describe, expect, it } from 'vitest'
import { toStored } from '../../../src/services/taskDocument'
import { device, follow, newUser } from '../../emulators/devices'
import { putRules, restoreRules, storedTask, storeTasks, taskOf } from '../../emulators/rest'

// Writes the server refuses for good, on the real SDK against Google's emulator.

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (err: unknown) => (err as { code?: string }).code,
  )

/** firestore.rules' reads, with every write refused. */
const NO_WRITES = `rules_version = '2';
service cloud.firestore {
  match /databases/{database}/documents {
    match /tasks/{taskId} {
      allow read: if request.auth != null && resource.data.email == request.auth.token.email;
      allow write: if false;
    }
  }
}`

describe('a write the rules refuse', () => {
  it('rejects with permission-denied, for an add, an update and a delete alike', async () => {
    const email = newUser()
    const kept = taskOf(email, 'Before')
    await storeTasks([kept])
    const { tasks } = await device(email)
    await putRules(NO_WRITES)
    try {
      const outcomes = await Promise.all([
        codeOf(tasks.add(taskOf(email, 'New'))),
        codeOf(tasks.update(kept.id, { task: 'Changed' })),
        codeOf(tasks.delete(kept.id)),
      ])
      expect(outcomes).toEqual(['permission-denied', 'permission-denied', 'permission-denied'])
    } finally {
      await restoreRules()
    }
    expect(await storedTask(kept.id)).toEqual(toStored(kept))
  })

  it('an add for another user’s e-mail is refused and never stored', async () => {
    const { tasks } = await device(newUser())
    const planted = taskOf(newUser('grace'), 'Planted')
    expect(await codeOf(tasks.add(planted))).toBe('permission-denied')
    expect(await storedTask(planted.id)).toBeNull()
  })

  it('rejects before the live query reports the rollback, which is not this page’s own', async () => {
    const email = newUser()
    const { tasks } = await device(email)
    const task = taskOf(email, 'Before')
    await tasks.add(task)
    const events: string[] = []
    const list = follow(tasks, email)
    await expect.poll(list.texts).toEqual(['Before'])
    const reportsBefore = list.reports.length
    // Text of zero-width characters only: firestore.rules wants something visible.
    const refused = tasks.update(task.id, { task: '\u200b\u200b' }).catch((err: unknown) => {
      events.push(`rejected:${String((err as { code?: string }).code)}`)
      events.push(`shown then:${String(list.task(task.id)?.task)}`)
    })
    await refused
    await expect.poll(list.texts).toEqual(['Before'])
    expect(events).toEqual(['rejected:permission-denied', 'shown then:\u200b\u200b'])
    // (Reports without updates only say whether writes still wait for the server.)
    const rollback = list.reports
      .slice(reportsBefore)
      .filter(({ updates }) => updates.length > 0)
      .at(-1)
    expect(rollback?.updates).toMatchObject([
      { kind: 'changed', task: { task: 'Before' }, pendingHere: false },
    ])
  })
})
