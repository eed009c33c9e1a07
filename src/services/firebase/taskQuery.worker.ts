// The task query off the page's main thread (taskQuery.ts says why). One message in, one out,
// in the order they came.
import { createTaskQuery, type TaskQueryRequest } from './taskQuery'

const query = createTaskQuery()

self.onmessage = async ({ data }: MessageEvent<{ id: number; request: TaskQueryRequest }>) => {
  self.postMessage({ id: data.id, answer: await query(data.request) })
}
