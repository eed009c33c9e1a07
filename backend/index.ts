/**
 * The local Firestore REST backend (tests and `npm start` only: never import it from src/).
 * See backend/README.md.
 */
export {
  DEFAULT_BASE_URLS,
  MAX_BODY_BYTES,
  RequestLog,
  createFirestoreBackend,
  createFirestoreHandlers,
  type FirestoreBackend,
  type FirestoreBackendOptions,
  type RequestLogEntry,
} from './firestore/handlers'
export {
  FirestoreStore,
  type StoredDocument,
  type StoreOptions,
  type StoreState,
} from './firestore/store'
export {
  FaultController,
  seededRandom,
  type FaultConfig,
  type FaultRule,
  type FaultRuleInfo,
  type RpcKind,
} from './firestore/faults'
export { FirestoreError } from './firestore/errors'
export {
  fieldsFromPlain,
  fieldsToPlain,
  fromPlain,
  toPlain,
  type Fields,
  type Value,
} from './firestore/values'
