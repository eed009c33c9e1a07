// Find and the filters: what is typed in Find tasks and which filter is on decide the rows shown.
export { findReducer } from './findSlice'
export { addFindListeners } from './listeners'
export { FindBar } from './FindBar'
export { useFilterInHash, useShownTasks } from './shownTasks'
