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

/**
 * Whether each row names its list: the rows shown gather every list (Today, Upcoming, Find in
 * all lists). Only while there is a list besides My tasks, which is then named too.
 */
export const NameListsContext = createContext(false)

/** What a row's list is called: a list that is gone, or none, is My tasks (the first). */
export const listNameIn = (choices: readonly ListChoice[], list: string | null) =>
  (choices.find(({ id }) => id === list) ?? choices[0])?.name ?? null

/** Opens the Move to list dialog for a task, held by the list so it outlives the row's menu. */
export const MoveToListContext = createContext<((id: string) => void) | null>(null)
