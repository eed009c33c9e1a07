// The service worker (docs/deploy.md); vite/plugins/serviceWorker.ts declares PRECACHE.
declare const PRECACHE: {
  version: string
  files: string[]
  /** The date parser's other languages, by code ("de"): kept only for this browser's. */
  languages: Record<string, string[]>
}
// The project's `lib` is the DOM's, not WebWorker's.
interface ExtendableEvent extends Event {
  waitUntil(promise: Promise<unknown>): void
}
interface FetchEvent extends ExtendableEvent {
  readonly request: Request
  respondWith(response: Promise<Response>): void
}
interface ServiceWorkerScope {
  readonly registration: ServiceWorkerRegistration
  readonly clients: { claim(): Promise<void> }
  skipWaiting(): Promise<void>
  addEventListener(type: 'install' | 'activate', listener: (event: ExtendableEvent) => void): void
  addEventListener(type: 'fetch', listener: (event: FetchEvent) => void): void
}

const worker = self as unknown as ServiceWorkerScope
const CACHE_PREFIX = 'todo-shell-'
const NETWORK_TIMEOUT_MS = 4000
const cacheName = `${CACHE_PREFIX}${PRECACHE.version}`
// The app's URL (…/todo/): the page every navigation falls back to.
const scope = worker.registration.scope
const assets = new URL('assets/', scope).href
const ownLanguages = navigator.languages.flatMap(
  (tag) => PRECACHE.languages[tag.split(/[-_@.]/)[0]?.toLowerCase() ?? ''] ?? [],
)
const precached = new Set(
  [...PRECACHE.files, ...ownLanguages].map((file) => new URL(file, scope).href),
)
// Vary ignored: a `Vary: Origin` (vite preview) would make `<script crossorigin>` lookups miss.
const kept: MultiCacheQueryOptions = { cacheName, ignoreVary: true }
const isHtml = (response: Response) =>
  (response.headers.get('Content-Type') ?? '').startsWith('text/html')

worker.addEventListener('install', (event) => {
  event.waitUntil(
    (async () => {
      const cache = await caches.open(cacheName)
      // Hashed files never change, so the HTTP cache may answer; the others are revalidated.
      await cache.addAll(
        [...precached].map(
          (url) => new Request(url, { cache: url.startsWith(assets) ? 'default' : 'no-cache' }),
        ),
      )
      await worker.skipWaiting()
    })(),
  )
})

worker.addEventListener('activate', (event) => {
  event.waitUntil(
    (async () => {
      const names = await caches.keys()
      await Promise.all(
        names
          .filter((name) => name.startsWith(CACHE_PREFIX) && name !== cacheName)
          .map((name) => caches.delete(name)),
      )
      await worker.clients.claim()
    })(),
  )
})

worker.addEventListener('fetch', (event) => {
  const { request } = event
  if (request.method !== 'GET' || !request.url.startsWith(scope)) return
  if (request.mode === 'navigate') {
    event.respondWith(networkFirst(event))
  } else if (precached.has(request.url) || request.url.startsWith(assets)) {
    event.respondWith(cacheFirst(event))
  }
})
function keep(event: FetchEvent, key: Request | string, response: Response): void {
  const copy = response.clone() // now, before the page reads the body
  event.waitUntil(caches.open(cacheName).then((cache) => cache.put(key, copy)))
}

function networkFirst(event: FetchEvent): Promise<Response> {
  const network = fetch(event.request).then((response) => {
    if (response.ok && isHtml(response)) keep(event, scope, response)
    return response
  })
  // A late answer still refreshes the kept page.
  event.waitUntil(network.catch(() => undefined))
  const timeout = new Promise<never>((_resolve, reject) =>
    setTimeout(reject, NETWORK_TIMEOUT_MS, new Error('The network is taking too long')),
  )
  return Promise.race([network, timeout]).catch(
    async () => (await caches.match(scope, kept)) ?? network,
  )
}

async function cacheFirst(event: FetchEvent): Promise<Response> {
  const cached = await caches.match(event.request, kept)
  if (cached) return cached
  const response = await fetch(event.request)
  // Never keep an error, or a page served in place of a file that is gone.
  if (response.ok && !isHtml(response)) keep(event, event.request, response)
  return response
}
export {}
