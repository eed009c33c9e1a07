// Lists: the person's own lists besides My tasks, which one is shown, and the switcher.
export {
  listShown,
  listsReducer,
  MY_TASKS,
  selectListChoices,
  selectListName,
  selectLists,
  selectListsLoaded,
  selectShownList,
} from './listsSlice'
export { createList, listNameKey, listNameOf, renameList } from './commands'
export { addListsListeners } from './listeners'
export { hashIn, placeOfHash } from './place'
export {
  listOfTask,
  selectListNameOfTask,
  selectOpenCounts,
  selectShownListTaskIds,
} from './listTasks'
export { ListSwitcher } from './ListSwitcher'
export { NewListButton } from './ListSwitcher'
