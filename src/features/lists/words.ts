// Every string the lists feature shows, in one place.
export const LIST_WORDS = {
  nav: 'Lists',
  newList: 'New list',
  newName: 'New list name',
  rename: 'Rename list',
  renameLabel: 'List name',
  add: 'Add list',
  save: 'Save name',
  cancel: 'Cancel',
  badName: 'A list needs a name with something to see, of at most 100 characters.',
  taken: (name: string) => `There is a list named “${name}” already. Choose another name.`,
  full: 'You have 200 lists, the most there can be. Delete one to make another.',
  openCount: (open: number) => `${String(open)} open`,
  deleteList: 'Delete list',
  deleteTitle: 'Delete list',
  deleteQuestion: (name: string, count: number) =>
    `Delete “${name}” and ${count === 0 ? 'nothing in it' : count === 1 ? 'its 1 task' : `its ${count.toLocaleString('en-US')} tasks`}? Undo brings them back for a few seconds after.`,
  // Moving a list in the switcher's line: said politely, as a task's moves are (a drag's own
  // words are in its chunk, sortableLinks.tsx).
  place: (at: number, of: number) => `${String(at)} of ${String(of)}`,
  movedTo: (place: string) => `Moved to ${place}.`,
  alreadyFirst: 'Not moved: My tasks stays first.',
  alreadyLast: 'Not moved: already last.',
}
