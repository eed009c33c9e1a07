import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { connectivityLost } from '../../../../src/app/actions'
import { SyncStatus } from '../../../../src/features/tasks/saving/SyncStatus'
import {
  MEMORY_ONLY_MESSAGE,
  OFFLINE_MESSAGE,
  OFFLINE_PENDING_MESSAGE,
  persistenceFound,
  SAVING_MESSAGE,
  writesSlowed,
} from '../../../../src/features/tasks/saving/syncSlice'
import { taskSaveFailed, tasksSnapshotReceived } from '../../../../src/features/tasks/model/tasksSlice'
import { renderWithProviders } from '../../../support/render'
import { EMAIL, storedTask, storeWithList } from '../../../support/store'

/** A live-query report; offline, the SDK answers from the device's cache. */
const report = (hasPendingWrites: boolean, fromCache = false) =>
  tasksSnapshotReceived({ email: EMAIL, updates: [], fromCache, hasPendingWrites })

function renderStatus() {
  // The listeners' timers stay still: the line shows what the state says.
  vi.useFakeTimers()
  const { store, ...services } = storeWithList([storedTask('a')])
  const rendered = renderWithProviders(<SyncStatus />, { services, store })
  return { ...rendered, line: screen.getByRole('status') }
}

afterEach(() => {
  vi.useRealTimers()
})

describe('the sync status', () => {
  it('is one polite live region, silent while all is saved', () => {
    const { line } = renderStatus()
    expect(line).toBeEmptyDOMElement()
    expect(line).not.toHaveAttribute('aria-live', 'assertive')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('says "Saving…" once changes have waited, and nothing once they are through', () => {
    const { store, line } = renderStatus()
    act(() => {
      store.dispatch(report(true))
    })
    expect(line).toBeEmptyDOMElement()
    act(() => {
      store.dispatch(writesSlowed())
    })
    expect(line).toHaveTextContent(SAVING_MESSAGE)
    act(() => {
      store.dispatch(report(false))
    })
    expect(line).toBeEmptyDOMElement()
  })

  it('offline, says what the device holds, and that waiting changes will be sent', () => {
    const { store, line } = renderStatus()
    act(() => {
      store.dispatch(connectivityLost())
    })
    expect(line).toHaveTextContent(OFFLINE_MESSAGE)
    act(() => {
      store.dispatch(report(true, true))
    })
    expect(line).toHaveTextContent(OFFLINE_PENDING_MESSAGE)
  })

  it('says when changes will not survive a reload (memory only)', () => {
    const { store, line } = renderStatus()
    act(() => {
      store.dispatch(persistenceFound('memory'))
    })
    expect(line).toHaveTextContent(MEMORY_ONLY_MESSAGE)
  })

  it('names a refused change first, in words, in the same line', () => {
    const { store, line } = renderStatus()
    act(() => {
      store.dispatch(connectivityLost())
      store.dispatch(report(true, true))
      store.dispatch(
        taskSaveFailed({ id: 'a', kind: 'update', text: 'Buy milk', code: 'not-found' }),
      )
    })
    expect(line).toHaveTextContent('Not saved: “Buy milk”: it was deleted on another device.')
    expect(screen.getAllByRole('status')).toEqual([line])
  })
})
