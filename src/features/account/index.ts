// The account's own doors: export, import (with its Undo) and Delete account.
export { AccountStatus } from './AccountStatus'
export { Settings } from './Settings'
