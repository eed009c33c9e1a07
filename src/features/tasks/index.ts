// The list: its state and order (model/), the writes and the live query (effects/), what is
// safe and what is not yet (saving/), and the form, rows and dialog (ui/).
import './ui/tasks.css'
export {
  finishedTasksCleared,
  importUndone,
  listDeleted,
  listRestored,
  repeatingTaskDone,
  repeatingTaskDoneUndone,
  selectAllTasks,
  selectFinishedCount,
  selectListLoaded,
  selectListOwner,
  selectOpenCount,
  selectTaskById,
  selectTaskIds,
  selectTaskList,
  selectTaskTable,
  taskAdded,
  taskDeleted,
  tasksCleared,
  taskSaveFailed,
  tasksImported,
  tasksReducer,
  tasksRestored,
  tasksSnapshotReceived,
  unsavedChangesRetried,
  type DeletedList,
} from './model/tasksSlice'
export {
  placeAfterLastOpen,
  placeAtEnd,
  taskIn,
  type Placement,
  type TaskList as TaskListState,
} from './model/ordering'
export { rankBetween } from './model/ranks'
export { dayBegan, dayReducer, selectToday, useDayTurning } from './model/day'
export * as due from './model/due'
export { selectDatedTasks } from './model/dated'
export { taskOf } from './model/taskTable'
export { normalizeTaskText } from './model/listState'
export { loadRepeatWords } from './model/loadRepeatReader'
export { addTasksListeners } from './effects/listeners'
export { addSyncListeners, guardLeaving } from './saving/listeners'
export { selectServerMayAnswer, selectServerSeen, syncReducer } from './saving/syncSlice'
export { SyncStatus } from './saving/SyncStatus'
export { TaskForm } from './ui/TaskForm'
export { TaskList } from './ui/TaskList'
export { focusRowControl } from './ui/list/rowControls'
export { ListChoicesContext, NameListsContext, type ListChoice } from './ui/list/listChoices'
export type { Reveal } from './ui/list/useReveal'
