// Every Undo (a delete, Clear finished, an import), in the store; the page composes its bars.
export { undoReducer, undoDelete, undoImport } from './undoSlice'
export { UndoBar, UndoImport } from './UndoBar'
