// What the lists show once the person has one, in a chunk of its own (ListSwitcher.tsx): the
// switcher's line and the dialogs. Not in the first render, which has no list to show yet.
export { DeleteListDialog } from './DeleteListDialog'
export { ListNameDialog } from './ListNameDialog'
export { SwitcherLine } from './SwitcherLine'
