/**
 * The in-memory document store: documents by full resource name, so several projects live
 * side by side. It knows nothing of requests, rules or preconditions (see `engine.ts`); it
 * applies batches of changes atomically and hands out monotonic commit timestamps.
 */
import { parseResourceName } from './names'
import { type Fields, cloneFields, compareNames, parseFields, parseTimestamp } from './values'

/** A stored document, in the REST API's `Document` shape. */
export interface StoredDocument {
  /** `projects/{p}/databases/{d}/documents/{collection}/{id}...` */
  name: string
  fields: Fields
  /** RFC 3339 with microseconds, e.g. `2026-01-01T10:00:00.123456Z`. */
  createTime: string
  updateTime: string
}

/** One change of a batch: new fields for a document, or `null` to delete it. */
export interface DocumentChange {
  name: string
  fields: Fields | null
}

/** The persisted form (`.data/firestore.json`). */
export interface StoreState {
  version: 1
  documents: StoredDocument[]
}

export interface StoreOptions {
  /** Milliseconds since the epoch, fractions allowed (default: the high-resolution clock). */
  clock?: () => number
}

export interface ListOptions {
  /** Only this project's documents. */
  project?: string
  /** Only documents directly in this collection path (e.g. `tasks`). */
  collection?: string
}

function microsOf(timestamp: string): number {
  const instant = parseTimestamp(timestamp)
  return instant ? instant.seconds * 1_000_000 + Math.floor(instant.nanos / 1000) : 0
}

function formatMicros(micros: number): string {
  const ms = Math.floor(micros / 1000)
  const fraction = String(micros % 1_000_000).padStart(6, '0')
  return `${new Date(ms).toISOString().slice(0, 19)}.${fraction}Z`
}

function cloneDocument(document: StoredDocument): StoredDocument {
  return { ...document, fields: cloneFields(document.fields) }
}

export class FirestoreStore {
  readonly #documents = new Map<string, StoredDocument>()
  readonly #listeners = new Set<() => void>()
  readonly #clock: () => number
  #lastMicros = 0

  constructor(options: StoreOptions = {}) {
    // Sub-millisecond precision where the platform has it, so timestamps look like Firestore's.
    this.#clock = options.clock ?? (() => performance.timeOrigin + performance.now())
  }

  /** Number of stored documents (all projects). */
  get size(): number {
    return this.#documents.size
  }

  /** A copy of the document with this full name, if stored. */
  get(name: string): StoredDocument | undefined {
    const document = this.#documents.get(name)
    return document && cloneDocument(document)
  }

  has(name: string): boolean {
    return this.#documents.has(name)
  }

  /** Copies of the stored documents, sorted by name (segment-wise, as Firestore orders them). */
  list(options: ListOptions = {}): StoredDocument[] {
    const { project, collection } = options
    const prefix = project === undefined ? undefined : `projects/${project}/databases/`
    const collectionSegments = collection?.split('/')
    return [...this.#documents.values()]
      .filter((document) => prefix === undefined || document.name.startsWith(prefix))
      .filter((document) => {
        if (!collectionSegments) return true
        const path = parseResourceName(document.name).path
        return (
          path.length === collectionSegments.length + 1 &&
          collectionSegments.every((segment, index) => path[index] === segment)
        )
      })
      .sort((a, b) => compareNames(a.name, b.name))
      .map(cloneDocument)
  }

  /** Same as {@link list}: a deep copy tests can assert on. */
  snapshot(options: ListOptions = {}): StoredDocument[] {
    return this.list(options)
  }

  /** A new commit time, strictly later than every one before (microsecond resolution). */
  nextTimestamp(): string {
    this.#lastMicros = Math.max(Math.floor(this.#clock() * 1000), this.#lastMicros + 1)
    return formatMicros(this.#lastMicros)
  }

  /** A read time: now, but never before the last commit. */
  readTime(): string {
    return formatMicros(Math.max(Math.floor(this.#clock() * 1000), this.#lastMicros))
  }

  /**
   * Applies a batch of changes at commit time `time`, all or nothing (the batch is applied
   * synchronously, so no request can observe half of it). Creation times are kept for
   * documents that already exist.
   */
  applyChanges(changes: readonly DocumentChange[], time: string = this.nextTimestamp()): void {
    if (changes.length === 0) return
    for (const { name, fields } of changes) {
      if (fields === null) {
        this.#documents.delete(name)
        continue
      }
      const existing = this.#documents.get(name)
      this.#documents.set(name, {
        name,
        fields: cloneFields(fields),
        createTime: existing?.createTime ?? time,
        updateTime: time,
      })
    }
    this.#notify()
  }

  /** Stores one document outside any request (seeding); returns the stored copy. */
  put(name: string, fields: Fields): StoredDocument {
    this.applyChanges([{ name, fields }])
    const stored = this.get(name)
    if (!stored) throw new Error(`put failed for ${name}`)
    return stored
  }

  /** Removes one project's documents, or every document when no project is given. */
  reset(project?: string): void {
    if (project === undefined) {
      if (this.#documents.size === 0) return
      this.#documents.clear()
    } else {
      const prefix = `projects/${project}/databases/`
      const names = [...this.#documents.keys()].filter((name) => name.startsWith(prefix))
      if (names.length === 0) return
      for (const name of names) this.#documents.delete(name)
    }
    this.#notify()
  }

  /** The persisted form of the whole store. */
  toJSON(): StoreState {
    return { version: 1, documents: this.list() }
  }

  /**
   * Replaces the contents with a persisted state, after validating every document
   * (throws, changing nothing, if anything is malformed).
   */
  load(state: unknown): void {
    if (typeof state !== 'object' || state === null || !('documents' in state)) {
      throw new Error('Not a store state: expected { version: 1, documents: [...] }')
    }
    const { documents } = state
    if (!Array.isArray(documents)) throw new Error('Not a store state: documents is not an array')
    const loaded = (documents as unknown[]).map((raw, index): StoredDocument => {
      if (typeof raw !== 'object' || raw === null)
        throw new Error(`documents[${index}] is not an object`)
      const { name, fields, createTime, updateTime } = raw as Record<string, unknown>
      const { db, path } = parseResourceName(name)
      if (path.length === 0 || path.length % 2 !== 0)
        throw new Error(`documents[${index}]: not a document name`)
      if (typeof createTime !== 'string' || !parseTimestamp(createTime)) {
        throw new Error(`documents[${index}]: bad createTime`)
      }
      if (typeof updateTime !== 'string' || !parseTimestamp(updateTime)) {
        throw new Error(`documents[${index}]: bad updateTime`)
      }
      return {
        name: name as string,
        fields: parseFields(fields ?? {}, `documents[${index}].fields`, db),
        createTime,
        updateTime,
      }
    })
    this.#documents.clear()
    for (const document of loaded) {
      this.#documents.set(document.name, document)
      this.#lastMicros = Math.max(this.#lastMicros, microsOf(document.updateTime))
    }
    this.#notify()
  }

  /** Calls `listener` after every change; returns the unsubscribe function. */
  subscribe(listener: () => void): () => void {
    this.#listeners.add(listener)
    return () => {
      this.#listeners.delete(listener)
    }
  }

  #notify(): void {
    for (const listener of this.#listeners) listener()
  }
}
