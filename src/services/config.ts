// Only for tests/support/firebaseHarness.ts, which this branch may not edit: point its import at
// src/config/env.ts and delete this file.
export { readFirebaseSettings, type FirebaseSettings } from '../config/env'
