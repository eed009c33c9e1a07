import { act, screen } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { connectivityLost } from '../../../../src/app/hooks'
import { SyncStatus } from '../../../../src/features/tasks/saving/SyncStatus'
import {
  taskSaveFailed,
  tasksSnapshotReceived,
} from '../../../../src/features/tasks/model/tasksSlice'
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
