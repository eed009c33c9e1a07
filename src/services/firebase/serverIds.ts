// The ids of a person's tasks as the server holds them, for Delete account (accountMark.ts):
// asked through Firestore's REST API (RunQuery, the names only), not through the SDK's live
// channel, where `getDocsFromServer` answered a minute late and more on the emulator just after
// a step of 499 deletes (its answer waited behind the live query's), nor through its cache.
import type { User } from 'firebase/auth'
import type { FirebaseSettings } from '../../config/env'

const failure = (message: string, code: string) => Object.assign(new Error(message), { code })

export async function idsOnServer(
  user: User,
  settings: FirebaseSettings,
  email: string,
  atMost: number,
): Promise<string[]> {
  const { emulators, projectId } = settings
  const origin = emulators
    ? `http://${emulators.firestoreHost}:${String(emulators.firestorePort)}`
    : 'https://firestore.googleapis.com'
  const structuredQuery = {
    from: [{ collectionId: 'tasks' }],
    where: {
      fieldFilter: { field: { fieldPath: 'email' }, op: 'EQUAL', value: { stringValue: email } },
    },
    select: { fields: [{ fieldPath: '__name__' }] },
    limit: atMost,
  }
  let response: Response
  try {
    response = await fetch(
      `${origin}/v1/projects/${projectId}/databases/(default)/documents:runQuery`,
      {
        method: 'POST',
        headers: {
          authorization: `Bearer ${await user.getIdToken()}`,
          'content-type': 'application/json',
        },
        body: JSON.stringify({ structuredQuery }),
      },
    )
  } catch (err) {
    throw failure(`The server could not be asked: ${String(err)}`, 'unavailable')
  }
  if (!response.ok) {
    const code = response.status === 403 ? 'permission-denied' : 'unavailable'
    throw failure(`The server answered ${String(response.status)}`, code)
  }
  const rows = (await response.json()) as { document?: { name: string } }[]
  return rows.flatMap(({ document }) =>
    document ? [document.name.slice(document.name.lastIndexOf('/') + 1)] : [],
  )
}
