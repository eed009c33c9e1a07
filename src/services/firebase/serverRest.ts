// What Delete account asks of the server through Firestore's REST API, not through the SDK's live
// channel: there an answer can wait behind the live query's own (seen on the emulator: a minute
// and more just after a step of 499 deletes, for `getDocsFromServer` and for the record's news),
// and not through its cache. The signed-in user's own ID token, as the SDK would send it.
import type { User } from 'firebase/auth'
import type { FirebaseSettings } from '../../config/env'
import type { DeletionRecord } from './deletionRecord'

const failure = (message: string, code: string) => Object.assign(new Error(message), { code })

/** The documents' name on the server, as REST writes name them. */
const documentsOf = ({ projectId }: FirebaseSettings) =>
  `projects/${projectId}/databases/(default)/documents`

async function ask(
  user: User,
  settings: FirebaseSettings,
  path: string,
  body?: object,
): Promise<Response> {
  const { emulators } = settings
  const origin = emulators
    ? `http://${emulators.firestoreHost}:${String(emulators.firestorePort)}`
    : 'https://firestore.googleapis.com'
  let response: Response
  try {
    response = await fetch(`${origin}/v1/${documentsOf(settings)}${path}`, {
      method: body ? 'POST' : 'GET',
      headers: {
        authorization: `Bearer ${await user.getIdToken()}`,
        'content-type': 'application/json',
      },
      ...(body && { body: JSON.stringify(body) }),
    })
  } catch (err) {
    throw failure(`The server could not be asked: ${String(err)}`, 'unavailable')
  }
  if (response.ok || response.status === 404) return response
  const code = response.status === 403 ? 'permission-denied' : 'unavailable'
  throw failure(`The server answered ${String(response.status)}`, code)
}

/** Up to `atMost` ids of `email`'s tasks (RunQuery, the names only). */
export async function idsOnServer(
  user: User,
  settings: FirebaseSettings,
  email: string,
  atMost: number,
): Promise<string[]> {
  const structuredQuery = {
    from: [{ collectionId: 'tasks' }],
    where: {
      fieldFilter: { field: { fieldPath: 'email' }, op: 'EQUAL', value: { stringValue: email } },
    },
    select: { fields: [{ fieldPath: '__name__' }] },
    limit: atMost,
  }
  const response = await ask(user, settings, ':runQuery', { structuredQuery })
  const rows = (await response.json()) as { document?: { name: string } }[]
  return rows.flatMap(({ document }) =>
    document ? [document.name.slice(document.name.lastIndexOf('/') + 1)] : [],
  )
}

/** The address's deletion record (`deletions/{key}`); empty when there is none. */
export async function recordOnServer(
  user: User,
  settings: FirebaseSettings,
  key: string,
): Promise<DeletionRecord> {
  const response = await ask(user, settings, `/deletions/${key}`)
  if (response.status === 404) return {}
  const { fields = {} } = (await response.json()) as {
    fields?: Record<string, { timestampValue?: string; stringValue?: string }>
  }
  const time = (name: string) => {
    const value = fields[name]?.timestampValue
    return value === undefined ? undefined : Date.parse(value)
  }
  return {
    ...(time('closedAt') !== undefined && { closedAt: time('closedAt') }),
    ...(fields.closing?.stringValue !== undefined && { closing: fields.closing.stringValue }),
    ...(time('closingAt') !== undefined && { closingAt: time('closingAt') }),
  }
}

/** A record's change: fields set to a string, set to the server's time, or removed. */
export interface RecordChange {
  key: string
  /** Lists of the address (`people/{key}/lists/{slot}`) deleted with the step. */
  lists?: readonly string[]
  strings?: Record<string, string>
  now?: readonly string[]
  removed?: readonly string[]
}

/**
 * Deletes `ids` and changes the deletion record in one commit: all of it or none. Not the SDK's
 * transaction: it runs its commit on the SDK's one queue, so a commit the server never answers
 * held every write and read of the page, the deletion's stop included, until the page went.
 */
export async function commitStep(
  user: User,
  settings: FirebaseSettings,
  ids: readonly string[],
  change: RecordChange,
): Promise<void> {
  const documents = documentsOf(settings)
  const strings = change.strings ?? {}
  const now = change.now ?? []
  const fields = Object.fromEntries(
    Object.entries(strings).map(([name, value]) => [name, { stringValue: value }]),
  )
  const writes = [
    ...ids.map((id) => ({ delete: `${documents}/tasks/${id}` })),
    ...(change.lists ?? []).map((slot) => ({
      delete: `${documents}/people/${change.key}/lists/${slot}`,
    })),
    {
      update: { name: `${documents}/deletions/${change.key}`, fields },
      updateMask: { fieldPaths: [...Object.keys(strings), ...(change.removed ?? [])] },
      updateTransforms: now.map((fieldPath) => ({ fieldPath, setToServerValue: 'REQUEST_TIME' })),
    },
  ]
  const response = await ask(user, settings, ':commit', { writes })
  if (response.status === 404) throw failure('The server answered 404', 'unavailable')
}
