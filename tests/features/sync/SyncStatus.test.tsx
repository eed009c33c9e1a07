import { act, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { SyncStatus } from '../../../src/features/sync/SyncStatus'
import {
  MEMORY_ONLY_MESSAGE,
  OFFLINE_MESSAGE,
  outboxReported,
  SAVING_MESSAGE,
  serverUnreachable,
  writeRefused,
  writesSlowed,
} from '../../../src/features/sync/syncSlice'
import { renderWithProviders } from '../../support/render'

function renderStatus() {
  const rendered = renderWithProviders(<SyncStatus />)
  return { ...rendered, line: screen.getByRole('status') }
}

describe('the sync status', () => {
  it('is one polite live region, silent while all is saved', () => {
    const { line } = renderStatus()
    expect(line).toBeEmptyDOMElement()
    expect(line).not.toHaveAttribute('aria-live', 'assertive')
    expect(screen.queryByRole('alert')).not.toBeInTheDocument()
  })

  it('says "Saving…" only once a write has waited over a second', () => {
    const { store, line } = renderStatus()
    act(() => {
      store.dispatch(outboxReported({ pending: 1, durable: true }))
    })
    expect(line).toBeEmptyDOMElement()
    act(() => {
      store.dispatch(writesSlowed())
    })
    expect(line).toHaveTextContent(SAVING_MESSAGE)
    act(() => {
      store.dispatch(outboxReported({ pending: 0, durable: true }))
    })
    expect(line).toBeEmptyDOMElement()
  })

  it('says changes are kept on the device while offline with writes waiting', () => {
    const { store, line } = renderStatus()
    act(() => {
      store.dispatch(serverUnreachable())
    })
    expect(line).toBeEmptyDOMElement()
    act(() => {
      store.dispatch(outboxReported({ pending: 2, durable: true }))
    })
    expect(line).toHaveTextContent('Offline: changes are kept on this device and will be sent')
    expect(line).toHaveTextContent(OFFLINE_MESSAGE)
  })

  it('says when changes will not survive a reload (memory only)', () => {
    const { store, line } = renderStatus()
    act(() => {
      store.dispatch(outboxReported({ pending: 0, durable: false }))
    })
    expect(line).toHaveTextContent(MEMORY_ONLY_MESSAGE)
  })

  it('names a refused write first, in words, in the same line', () => {
    const { store, line } = renderStatus()
    act(() => {
      store.dispatch(serverUnreachable())
      store.dispatch(outboxReported({ pending: 1, durable: true }))
      store.dispatch(writeRefused({ reason: 'the task no longer exists' }))
    })
    expect(line).toHaveTextContent('Not saved: the task no longer exists')
    expect(screen.getAllByRole('status')).toEqual([line])
  })
})
