// @vitest-environment jsdom
import { GoogleAuthProvider, signInWithCredential, signOut, type Auth } from 'firebase/auth'
import { describe, expect, it } from 'vitest'
import { device, keptOnDevice, newUser } from '../../emulators/devices'
import { storedTask, taskOf } from '../../emulators/rest'

// Delete account's part of the adapter on the real SDK and Google's emulator with
// firestore.rules: the server's count, the deleted-account mark as two devices see it, and the
// unsent changes of a deleted account dropped from the device.

/** Follows the signed-in user's mark; the last word heard. */
function followMark(tasks: Awaited<ReturnType<typeof device>>['tasks']) {
  const heard: boolean[] = []
  const errors: unknown[] = []
  const stop = tasks.watchAccountMark(
    (marked) => heard.push(marked),
    (err) => errors.push(err),
  )
  return { last: () => heard.at(-1), heard, errors, stop }
}

/** Whose each batch in the SDK's write queue on this device is, oldest first. */
async function queuedBy(appName: string): Promise<string[]> {
  const [batches = []] = await keptOnDevice('mutations', appName)
  return (batches as { userId: string }[]).map(({ userId }) => userId)
}

const codeOf = (promise: Promise<unknown>) =>
  promise.then(
    () => 'ok',
    (err: unknown) => String((err as { code?: unknown }).code),
  )

describe('Delete account on the adapter', () => {
  it('counts on the server; the mark stops another device’s adds and updates, not its deletes, until taken back', async () => {
    const email = newUser()
    const laptop = await device(email)
    const phone = await device(email)
    const kept = taskOf(email, 'Kept')
    const other = taskOf(email, 'Other')
    await laptop.tasks.add(kept)
    await laptop.tasks.add(other)
    expect(await laptop.tasks.countOnServer(email)).toBe(2)

    const onLaptop = followMark(laptop.tasks)
    const onPhone = followMark(phone.tasks)
    await expect.poll(onPhone.last).toBe(false)
    await laptop.tasks.markAccountDeleted()
    await expect.poll(onPhone.last).toBe(true)
    // The page that marked it is deleting the account itself: not told.
    expect(onLaptop.heard).not.toContain(true)

    expect(await codeOf(phone.tasks.add(taskOf(email, 'After the mark')))).toBe('permission-denied')
    expect(await codeOf(phone.tasks.update(kept.id, { isFinished: true }))).toBe(
      'permission-denied',
    )
    expect(await codeOf(phone.tasks.delete(other.id))).toBe('ok')
    expect(await phone.tasks.countOnServer(email)).toBe(1)

    await laptop.tasks.unmarkAccountDeleted()
    await expect.poll(onPhone.last).toBe(false)
    expect(await codeOf(phone.tasks.update(kept.id, { isFinished: true }))).toBe('ok')
    expect(onPhone.errors).toEqual([])
    onLaptop.stop()
    onPhone.stop()
  })

  it('clearDevice with dropUnsent drops the deleted account’s queued changes, keeps another’s, and counts them', async () => {
    const [stays, leaves] = [newUser('stays'), newUser('leaves')]
    const shared = await device(stays)
    const signInAs = async (auth: Auth, email: string) => {
      const token = JSON.stringify({ sub: `google-${email}`, email, email_verified: true })
      return (await signInWithCredential(auth, GoogleAuthProvider.credential(token))).user.uid
    }
    const staysUid = shared.auth.currentUser?.uid
    // Someone else's change, queued offline and kept for their next sign-in here.
    await shared.offline()
    const theirs = taskOf(stays, 'Theirs, unsent')
    void shared.tasks.add(theirs)
    await expect.poll(() => shared.tasks.changesOnlyInMemory()).toBe(false)
    await signOut(shared.auth)
    expect(await shared.tasks.clearDevice()).toBe(0)

    const leavesUid = await signInAs(shared.auth, leaves)
    const mark = followMark(shared.tasks)
    await shared.offline()
    void shared.tasks.add(taskOf(leaves, 'Never sent'))
    void shared.tasks.add(taskOf(leaves, 'Nor this'))
    await expect.poll(() => shared.tasks.changesOnlyInMemory()).toBe(false)
    mark.stop()
    await signOut(shared.auth)
    expect(await queuedBy(shared.app.name)).toEqual([staysUid, leavesUid, leavesUid])
    expect(await shared.tasks.clearDevice({ dropUnsent: true })).toBe(2)

    // The other person's change is still queued for them; nothing of the deleted account is.
    expect(await queuedBy(shared.app.name)).toEqual([staysUid])
    expect(await storedTask(theirs.id)).toBeNull()
  })
})
