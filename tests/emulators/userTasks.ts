import { inject } from 'vitest'
import { compareTasks } from '../../src/features/tasks/model/ordering'
import { fromStored } from '../../src/services/taskDocument'
import type { Task } from '../../src/services/types'

// A user's tasks as the server holds them, read as the emulator's admin (`Bearer owner`, past
// the rules), with the time each document was last written: a write nobody expected shows.

const { host, firestorePort } = inject('emulators')
const DOCUMENTS = `projects/demo-todo/databases/(default)/documents`
const QUERY = `http://${host}:${String(firestorePort)}/v1/${DOCUMENTS}:runQuery`

type Value = Partial<{
  stringValue: string
  booleanValue: boolean
  integerValue: string
  doubleValue: number
}>

const plain = ({ stringValue, booleanValue, integerValue, doubleValue }: Value) =>
  integerValue === undefined
    ? (stringValue ?? booleanValue ?? doubleValue ?? null)
    : Number(integerValue)

interface Stored {
  document?: { name: string; fields?: Record<string, Value>; updateTime: string }
}

/** The tasks of `email` on the server in list order, and each one's last write, by id. */
export async function userTasks(email: string) {
  const response = await fetch(QUERY, {
    method: 'POST',
    headers: { authorization: 'Bearer owner', 'content-type': 'application/json' },
    body: JSON.stringify({
      structuredQuery: {
        from: [{ collectionId: 'tasks' }],
        where: {
          fieldFilter: {
            field: { fieldPath: 'email' },
            op: 'EQUAL',
            value: { stringValue: email },
          },
        },
      },
    }),
  })
  if (!response.ok) throw new Error(`runQuery: ${String(response.status)}`)
  const tasks: Task[] = []
  const written: Record<string, string> = {}
  for (const { document } of (await response.json()) as Stored[]) {
    if (document === undefined) continue
    const id = document.name.split('/').at(-1) ?? ''
    const fields = Object.entries(document.fields ?? {}).map(([key, value]): [string, unknown] => [
      key,
      plain(value),
    ])
    tasks.push(fromStored(id, Object.fromEntries(fields)))
    written[id] = document.updateTime
  }
  return { tasks: tasks.sort(compareTasks), written }
}
