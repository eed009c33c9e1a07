import { describe, expect, it } from 'vitest'
import { addTask } from '../../../../src/features/tasks/model/commands'
import { selectAllTasks } from '../../../../src/features/tasks/model/tasksSlice'
import { settle } from '../../../support/settle'
import { EMAIL, signedInStore, startedStore } from '../../../support/store'

describe('the form’s submit', () => {
  it('adds the trimmed text as the signed-in user’s task, and writes it', async () => {
    const { store, repository } = await signedInStore()
    const outcome = store.dispatch(addTask('  Buy milk  '))
    const [task] = selectAllTasks(store.getState())
    expect(outcome).toEqual({ kind: 'added', id: task?.id, text: 'Buy milk' })
    expect(task).toMatchObject({ task: 'Buy milk', isFinished: false, email: EMAIL })
    await settle()
    expect(repository.writes).toEqual([{ kind: 'add', task }])
  })

  it.each([
    ['empty', ''],
    ['spaces', '   '],
    ['zero-width characters', '\u200b\u200c\u200d\u2060\ufeff'],
    ['over 1,000 characters', 'x'.repeat(1001)],
  ])('ignores %s quietly: no task, no write, no alert', async (_name, text) => {
    const { store, repository, alert } = await signedInStore()
    expect(store.dispatch(addTask(text))).toEqual({ kind: 'invalid' })
    await settle()
    expect(selectAllTasks(store.getState())).toEqual([])
    expect(repository.writes).toEqual([])
    expect(alert).not.toHaveBeenCalled()
  })

  it('with no user e-mail in session storage shows "Please log in to add" and adds nothing', async () => {
    const { store, repository, alert } = await signedInStore()
    sessionStorage.removeItem('userEmail')
    expect(store.dispatch(addTask('Buy milk'))).toEqual({ kind: 'signedOut' })
    await settle()
    expect(alert).toHaveBeenCalledExactlyOnceWith('Please log in to add')
    expect(selectAllTasks(store.getState())).toEqual([])
    expect(repository.writes).toEqual([])
  })

  it('with an e-mail in session storage but nobody signed in shows the alert too', async () => {
    const { store, repository, alert } = startedStore()
    sessionStorage.setItem('userEmail', EMAIL)
    store.dispatch(addTask('Buy milk'))
    await settle()
    expect(alert).toHaveBeenCalledExactlyOnceWith('Please log in to add')
    expect(repository.writes).toEqual([])
  })

  it('makes the signed-in user the owner, whoever session storage names', async () => {
    const { store, repository } = await signedInStore()
    sessionStorage.setItem('userEmail', 'grace@example.com')
    store.dispatch(addTask('Planted?'))
    await settle()
    expect(selectAllTasks(store.getState()).map((task) => task.email)).toEqual([EMAIL])
    expect(repository.writes).toMatchObject([{ kind: 'add', task: { email: EMAIL } }])
    expect(repository.serverTasks('grace@example.com')).toEqual([])
  })
})
