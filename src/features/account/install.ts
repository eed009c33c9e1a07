import { rootReducer, type AppStore } from '../../app/store'
import { accountFeatureLoaded, accountSlice } from './accountSlice'
import { addAccountListeners } from './listeners'

// The feature arrives on first use of Settings (Settings.tsx loads this chunk): its state joins
// the store's, and its effects start, once per store.
accountSlice.injectInto(rootReducer)

const installed = new WeakSet<AppStore>()

export function installAccount(store: AppStore): void {
  if (installed.has(store)) return
  installed.add(store)
  addAccountListeners(store.dispatch)
  store.dispatch(accountFeatureLoaded())
}
