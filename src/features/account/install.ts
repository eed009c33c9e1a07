import { rootReducer, type AppStore } from '../../app/store'
import { accountFeatureLoaded, accountSlice } from './accountSlice'
import { addAccountListeners } from './listeners'

// Loaded on first use of Settings; its effects start once per store.
accountSlice.injectInto(rootReducer)
const installed = new WeakSet<AppStore>()
export function installAccount(store: AppStore): void {
  if (installed.has(store)) return
  installed.add(store)
  addAccountListeners(store.dispatch)
  store.dispatch(accountFeatureLoaded())
}
