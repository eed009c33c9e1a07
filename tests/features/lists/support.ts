import { vi } from 'vitest'
import type { ReactElement } from 'react'
import type { ListEntry, Task } from '../../../src/services/types'
import { renderWithProviders } from '../../support/render'
import { createTestServices } from '../../support/services'
import { signedInStore } from '../../support/store'

/** A list of the person's on the server: slot `id`, named `name`, at `rank`. */
export const listEntry = (id: string, name: string, rank: string): ListEntry => ({
  id,
  name,
  rank,
  made: `made${id}x`,
})

/** Renders `ui` once ADA is signed in, her tasks (`stored`) and her lists (`lists`) loaded. */
export async function renderWithLists(ui: ReactElement, stored: Task[], lists: ListEntry[]) {
  const testServices = createTestServices({ stored })
  for (const list of lists) void testServices.repository.lists.repository.addList(list)
  testServices.repository.lists.writes.length = 0
  const { store, ...services } = await signedInStore(stored, testServices)
  await vi.waitFor(() => {
    if (!store.getState().lists.loaded) throw new Error('lists not loaded yet')
  })
  return renderWithProviders(ui, { services, store })
}
