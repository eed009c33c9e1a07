/**
 * The in-memory document store: documents by full resource name, so several projects live
 * side by side. It knows nothing of requests, rules or preconditions (see `engine.ts`); it
 * applies batches of changes atomically and hands out increasing commit times.
 */
import { parseResourceName } from './names'
import { type Fields, cloneFields, compareNames, parseFields } from './values'

/** A stored document, in the REST API's `Document` shape. */
export interface StoredDocument {
  /** `projects/{p}/databases/{d}/documents/{collection}/{id}` */
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

export interface ListOptions {
  /** Only this project's documents. */
  project?: string
  /** Only documents directly in this collection (e.g. `tasks`). */
  collection?: string
}

/** Microseconds since the epoch of an RFC 3339 UTC timestamp, or undefined if it is not one. */
export function microsOf(text: string): number | undefined {
  const match = /^(\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2})(?:\.(\d{1,9}))?Z$/.exec(text)
  const ms = match ? Date.parse(`${match[1] ?? ''}Z`) : NaN
  if (!match || Number.isNaN(ms)) return undefined
  return ms * 1000 + Number((match[2] ?? '').padEnd(6, '0').slice(0, 6))
}

function formatMicros(micros: number): string {
  const fraction = String(micros % 1_000_000).padStart(6, '0')
  return `${new Date(Math.floor(micros / 1000)).toISOString().slice(0, 19)}.${fraction}Z`
}

function cloneDocument(document: StoredDocument): StoredDocument {
  return { ...document, fields: cloneFields(document.fields) }
}

export class FirestoreStore {
  readonly #documents = new Map<string, StoredDocument>()
  readonly #listeners = new Set<() => void>()
  #lastMicros = 0

  /** Number of stored documents (all projects). */
  get size(): number {
    return this.#documents.size
  }

  /** A copy of the document with this full name, if stored. */
  get(name: string): StoredDocument | undefined {
    const document = this.#documents.get(name)
    return document && cloneDocument(document)
  }

  /** Copies of the stored documents, sorted by name as Firestore orders them. */
  list({ project, collection }: ListOptions = {}): StoredDocument[] {
    const prefix = project === undefined ? '' : `projects/${project}/databases/`
    return [...this.#documents.values()]
      .filter(({ name }) => name.startsWith(prefix))
      .filter(({ name }) => {
        if (collection === undefined) return true
        const path = parseResourceName(name).path
        return path.length === 2 && path[0] === collection
      })
      .sort((a, b) => compareNames(a.name, b.name))
      .map(cloneDocument)
  }

  /** A new commit time, strictly later than every one before (microseconds). */
  nextTimestamp(): string {
    this.#lastMicros = Math.max(Math.floor(Date.now() * 1000), this.#lastMicros + 1)
    return formatMicros(this.#lastMicros)
  }

  /** A read time: now, but never before the last commit. */
  readTime(): string {
    return formatMicros(Math.max(Math.floor(Date.now() * 1000), this.#lastMicros))
  }

  /**
   * Applies a batch of changes at commit time `time`, all at once (synchronously, so no request
   * sees half of it). Creation times are kept for documents that already exist.
   */
  applyChanges(changes: readonly DocumentChange[], time: string = this.nextTimestamp()): void {
    if (changes.length === 0) return
    for (const { name, fields } of changes) {
      const existing = this.#documents.get(name)
      if (fields === null) this.#documents.delete(name)
      else {
        const createTime = existing?.createTime ?? time
        this.#documents.set(name, {
          name,
          fields: cloneFields(fields),
          createTime,
          updateTime: time,
        })
      }
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
    const prefix = project === undefined ? '' : `projects/${project}/databases/`
    const names = [...this.#documents.keys()].filter((name) => name.startsWith(prefix))
    if (names.length === 0) return
    for (const name of names) this.#documents.delete(name)
    this.#notify()
  }

  /** The persisted form of the whole store. */
  toJSON(): StoreState {
    return { version: 1, documents: this.list() }
  }

  /** Replaces the contents with a persisted state; throws, changing nothing, if it is malformed. */
  load(state: unknown): void {
    const documents =
      typeof state === 'object' && state !== null && 'documents' in state ? state.documents : null
    if (!Array.isArray(documents)) throw new Error('Not a store state: { version: 1, documents }')
    const loaded = (documents as unknown[]).map((raw, index): StoredDocument => {
      const { name, fields, createTime, updateTime } = (raw ?? {}) as Record<string, unknown>
      const { path } = parseResourceName(name)
      if (path.length === 0 || path.length % 2 !== 0) {
        throw new Error(`documents[${String(index)}]: not a document name`)
      }
      for (const time of [createTime, updateTime]) {
        if (typeof time !== 'string' || microsOf(time) === undefined) {
          throw new Error(`documents[${String(index)}]: a bad timestamp`)
        }
      }
      return {
        name: name as string,
        fields: parseFields(fields, `documents[${String(index)}].fields`),
        createTime: createTime as string,
        updateTime: updateTime as string,
      }
    })
    this.#documents.clear()
    for (const document of loaded) {
      this.#documents.set(document.name, document)
      this.#lastMicros = Math.max(this.#lastMicros, microsOf(document.updateTime) ?? 0)
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
