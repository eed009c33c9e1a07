import { useState, type ComponentProps, type ReactNode } from 'react'
import { AccountStatus, Settings } from '../features/account'
import { AccountWidget, selectCurrentUser } from '../features/auth'
import { FindBar, useFilterInHash, useShownTasks } from '../features/find'
import {
  createList,
  ListSwitcher,
  selectListChoices,
  selectShownList,
  selectShownListTaskIds,
} from '../features/lists'
import {
  ListChoicesContext,
  NameListsContext,
  SyncStatus,
  TaskForm,
  TaskList,
  useDayTurning,
  type Reveal,
} from '../features/tasks'
import { UndoBar, UndoImport } from '../features/undo'
import { useAppDispatch, useAppSelector } from './hooks'

// The page, composed of the features: none of them imports another's parts.

export function App() {
  return (
    <>
      <header className="app-header">
        <h1>To-do</h1>
        <AccountWidget settings={<Settings />} />
      </header>
      <AccountStatus undo={<UndoImport />} />
      <TasksPage status={<SyncStatus />} />
    </>
  )
}

/** The form, the list and, below it, `status`: what is said about saving. */
export function TasksPage({ status }: { status?: ReactNode }) {
  const [added, setAdded] = useState<Reveal | null>(null)
  const reveal = (id: string) => {
    setAdded((previous) => ({ id, count: (previous?.count ?? 0) + 1 }))
  }
  useFilterInHash()
  useDayTurning()
  const dispatch = useAppDispatch()
  const list = useAppSelector(selectShownList)
  const lists = useAppSelector(selectListChoices)
  // What a screen reader hears once after an add or an edit, politely: what happened. Said to
  // whoever is signed in: the next person at a shared computer never finds it in the page.
  const owner = useAppSelector(selectCurrentUser)?.email ?? null
  const [said, setSaid] = useState<{ text: string; count: number; owner: string | null } | null>(
    null,
  )
  const say = (text: string) => {
    setSaid((previous) => ({ text, count: (previous?.count ?? 0) + 1, owner }))
  }
  return (
    <main className="tasks-page">
      {owner !== null && <ListSwitcher />}
      <TaskForm
        list={list}
        lists={lists}
        makeList={(name) => {
          const made = dispatch(createList(name))
          return 'made' in made ? made.made.id : undefined
        }}
        onAdded={(id, text) => {
          reveal(id)
          say(`Added: ${text}`)
        }}
      />
      {/* A new element each time, so the same words are said again. */}
      <p className="visually-hidden" role="status">
        {said?.owner === owner && <span key={said.count}>{said.text}</span>}
      </p>
      <FindBar onShowAll={reveal} />
      <ShownTaskList
        reveal={added}
        status={status}
        undo={<UndoBar />}
        onSaved={() => {
          say('Saved')
        }}
      />
    </main>
  )
}

/**
 * The list of the rows Find shows in the list shown, the lists a row can move to, and whether
 * each row names its list (the rows gather every list): a tick that moves a row draws it
 * again, not the whole page.
 */
function ShownTaskList(props: Omit<ComponentProps<typeof TaskList>, 'ids' | 'noMatch' | 'inList'>) {
  const shown = useShownTasks()
  const inList = useAppSelector(selectShownListTaskIds)
  const choices = useAppSelector(selectListChoices)
  return (
    <ListChoicesContext value={choices}>
      <NameListsContext value={shown.everyList}>
        <TaskList ids={shown.ids} noMatch={shown.noMatch} inList={inList} {...props} />
      </NameListsContext>
    </ListChoicesContext>
  )
}
