/**
 * Google API errors, as the Firestore REST API sends them:
 * `{ "error": { "code": 403, "message": "...", "status": "PERMISSION_DENIED" } }`.
 * The Firestore SDK derives its error code from the HTTP status alone and shows `message`.
 */

/** The canonical gRPC status names the backend answers with, and their HTTP statuses. */
export const HTTP_STATUS_OF = {
  INVALID_ARGUMENT: 400,
  FAILED_PRECONDITION: 400,
  OUT_OF_RANGE: 400,
  UNAUTHENTICATED: 401,
  PERMISSION_DENIED: 403,
  NOT_FOUND: 404,
  ABORTED: 409,
  ALREADY_EXISTS: 409,
  RESOURCE_EXHAUSTED: 429,
  CANCELLED: 499,
  INTERNAL: 500,
  UNKNOWN: 500,
  UNIMPLEMENTED: 501,
  UNAVAILABLE: 503,
  DEADLINE_EXCEEDED: 504,
} as const

export type GrpcStatus = keyof typeof HTTP_STATUS_OF

/** The status name Google uses for an HTTP status (the primary one where several share it). */
export function statusNameOf(httpStatus: number): GrpcStatus {
  switch (httpStatus) {
    case 400:
      return 'INVALID_ARGUMENT'
    case 401:
      return 'UNAUTHENTICATED'
    case 403:
      return 'PERMISSION_DENIED'
    case 404:
      return 'NOT_FOUND'
    case 409:
      return 'ABORTED'
    case 429:
      return 'RESOURCE_EXHAUSTED'
    case 499:
      return 'CANCELLED'
    case 501:
      return 'UNIMPLEMENTED'
    case 503:
      return 'UNAVAILABLE'
    case 504:
      return 'DEADLINE_EXCEEDED'
    default:
      return httpStatus >= 500 ? 'INTERNAL' : 'FAILED_PRECONDITION'
  }
}

/** The JSON body of a Google API error. */
export interface GoogleErrorBody {
  error: { code: number; message: string; status: GrpcStatus }
}

/** An error that becomes a Google-format error response. */
export class FirestoreError extends Error {
  readonly status: GrpcStatus
  readonly httpStatus: number

  constructor(status: GrpcStatus, message: string) {
    super(message)
    this.name = 'FirestoreError'
    this.status = status
    this.httpStatus = HTTP_STATUS_OF[status]
  }

  toJSON(): GoogleErrorBody {
    return { error: { code: this.httpStatus, message: this.message, status: this.status } }
  }
}

export function invalidArgument(message: string): FirestoreError {
  return new FirestoreError('INVALID_ARGUMENT', message)
}

export function permissionDenied(reason: string): FirestoreError {
  return new FirestoreError('PERMISSION_DENIED', `Missing or insufficient permissions. (${reason})`)
}
