import { createContext } from 'react'

/** A list a task can be moved to: its id (null: My tasks) and name. */
export interface ListChoice {
  id: string | null
  name: string
}

/**
 * The person's lists, My tasks first, as the page composes them (the lists feature knows them;
 * the rows only offer them). With one list, nothing is offered.
 */
export const ListChoicesContext = createContext<readonly ListChoice[]>([])

/** Opens the Move to list dialog for a task, held by the list so it outlives the row's menu. */
export const MoveToListContext = createContext<((id: string) => void) | null>(null)
