// The lists' dialogs, in a chunk of their own (lazyDialogs.tsx): not in the first render.
export { DeleteListDialog } from './DeleteListDialog'
export { ListNameDialog } from './ListNameDialog'
