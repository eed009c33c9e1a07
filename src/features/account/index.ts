// The account's own doors: export, import (with its Undo) and Delete account.
export { AccountStatus, Settings } from './Settings'
