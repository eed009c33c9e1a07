import type { APIRequestContext } from '@playwright/test'

/** The local Firestore backend the e2e services run (in memory), through its admin API. */
export const BACKEND = 'http://127.0.0.1:8080'

export interface StoredTask {
  id: string
  task: string
  isFinished: boolean
  email: string
  order: number
}

interface AdminDocument {
  name: string
  data: Record<string, unknown>
}

/** The stored tasks of one owner, sorted by their order field (the app's list order). */
export async function storedTasksOf(
  request: APIRequestContext,
  email: string,
): Promise<StoredTask[]> {
  const response = await request.get(`${BACKEND}/__admin/documents?collection=tasks`)
  const { documents } = (await response.json()) as { documents: AdminDocument[] }
  return documents
    .map(({ name, data }) => ({ id: name.split('/').at(-1) ?? '', ...data }) as StoredTask)
    .filter((task) => task.email === email)
    .sort((a, b) => a.order - b.order)
}

export interface LoggedRequest {
  id: number
  method: string
  path: string
  kind?: string
  status: number
}

export async function requestsSince(
  request: APIRequestContext,
  since = 0,
): Promise<LoggedRequest[]> {
  const response = await request.get(`${BACKEND}/__admin/requests?since=${String(since)}`)
  return ((await response.json()) as { requests: LoggedRequest[] }).requests
}

/** The id of the latest logged request, to ask later for what came after it. */
export async function lastRequestId(request: APIRequestContext): Promise<number> {
  return (await requestsSince(request)).at(-1)?.id ?? 0
}
