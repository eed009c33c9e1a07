import { invalidArgument } from './errors'

/** The only database the backend serves, as in the emulator's single-database setup. */
export const DEFAULT_DATABASE = '(default)'

/** A project's database, as named in a request's URL. */
export interface DatabaseId {
  project: string
  database: string
}

/** A parsed document name. */
export interface DocumentName {
  /** `projects/{project}/databases/{database}/documents/{path}` */
  name: string
  project: string
  database: string
  /** Alternating collection ids and document ids: `['tasks', 'abc']`. Always an even length ≥ 2. */
  path: string[]
}

const MAX_SEGMENT_BYTES = 1500

/** The resource name every document name in this database starts with. */
export function documentsRoot(db: DatabaseId): string {
  return `projects/${db.project}/databases/${db.database}/documents`
}

export function documentNameOf(db: DatabaseId, path: readonly string[]): string {
  return `${documentsRoot(db)}/${path.join('/')}`
}

function checkSegment(segment: string, whole: string): void {
  if (segment === '') throw invalidArgument(`Resource name "${whole}" has an empty segment.`)
  if (segment === '.' || segment === '..') {
    throw invalidArgument(`Resource name "${whole}" has the invalid segment "${segment}".`)
  }
  if (/^__.*__$/.test(segment)) {
    throw invalidArgument(`Resource id "${segment}" in "${whole}" is reserved.`)
  }
  if (new TextEncoder().encode(segment).length > MAX_SEGMENT_BYTES) {
    throw invalidArgument(`Resource id in "${whole}" is longer than ${MAX_SEGMENT_BYTES} bytes.`)
  }
}

/**
 * Splits `projects/{p}/databases/{d}/documents[/...]` into its database and the path after
 * `documents`. Throws INVALID_ARGUMENT for anything else.
 */
export function parseResourceName(name: unknown): { db: DatabaseId; path: string[] } {
  if (typeof name !== 'string') throw invalidArgument('A resource name must be a string.')
  const match = /^projects\/([^/]+)\/databases\/([^/]+)\/documents(?:\/(.*))?$/.exec(name)
  if (!match) throw invalidArgument(`Invalid resource name "${name}".`)
  const [, project = '', database = '', rest] = match
  const path = rest === undefined ? [] : rest.split('/')
  for (const segment of path) checkSegment(segment, name)
  return { db: { project, database }, path }
}

/** Parses a document name that must belong to `db`. */
export function parseDocumentName(name: unknown, db: DatabaseId): DocumentName {
  const parsed = parseResourceName(name)
  if (parsed.db.project !== db.project || parsed.db.database !== db.database) {
    throw invalidArgument(
      `Document name "${String(name)}" is not in the database of the request, ${documentsRoot(db)}.`,
    )
  }
  if (parsed.path.length === 0 || parsed.path.length % 2 !== 0) {
    throw invalidArgument(`"${String(name)}" is not a document name (odd number of segments).`)
  }
  return { name: documentNameOf(db, parsed.path), ...db, path: parsed.path }
}

/** The path segments of a stored document's full name (no validation: stored names are valid). */
export function pathOfName(name: string): string[] {
  const index = name.indexOf('/documents/')
  return index < 0 ? [] : name.slice(index + '/documents/'.length).split('/')
}
