// Every Undo (a delete, Clear finished, an import), in the store; the page composes its bars.
export { undoReducer } from './undoSlice'
export { undoDelete, undoImport } from './commands'
export { UndoBar, UndoImport } from './UndoBar'
