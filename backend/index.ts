/**
 * backend/: a stand-in for the Firestore emulator, for tests and for machines where the
 * official one cannot run (never import it from src/). See backend/README.md.
 */
export {
  DEFAULT_BASE_URLS,
  createFirestoreBackend,
  type FirestoreBackend,
  type FirestoreBackendOptions,
} from './firestore/handlers'
export { MAX_BODY_BYTES, RequestLog, type RequestLogEntry } from './firestore/http'
export { FirestoreStore, type StoredDocument } from './firestore/store'
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
