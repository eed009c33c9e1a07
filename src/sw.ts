// The service worker: the app shell (the page, its scripts, styles, manifest and icons) is kept
// on the device, so the app opens without a network; a new deploy applies on the next load.
//
// The build (vite/plugins/serviceWorker.ts) compiles this file to dist/todo/sw.js, a classic script,
// and declares PRECACHE before it: the files of that build and a version that changes whenever
// any of them does.
//
// - Navigations: network first (the page is never older than the last deploy while online),
//   the kept page when the network fails or takes over NETWORK_TIMEOUT_MS.
// - Files of the build (hashed names under assets/, and the precached ones): cache first.
// - Anything else, and every request to another origin (Firebase Auth and its popup, Firestore,
//   the emulators, Google's scripts): not touched.
// - A new version installs in the background, takes over at once (skipWaiting + claim) and
//   deletes the old version's files. Pages already open keep what they have loaded; the next
//   load gets the new page.

declare const PRECACHE: { version: string; files: string[] }

// The few service worker types used here (the project's `lib` is the DOM's, not WebWorker's).
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
/** The app's URL, e.g. https://example.web.app/todo/: the page every navigation falls back to. */
const scope = worker.registration.scope
const assets = new URL('assets/', scope).href
const precached = new Set(PRECACHE.files.map((file) => new URL(file, scope).href))

/**
 * Where and how to look up a kept file. Vary is ignored: the files of a build are the same
 * whatever the request's headers (a server's `Vary: Origin`, as `vite preview` sends, would
 * otherwise make every lookup from a `<script crossorigin>` miss).
 */
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

/** Keeps a copy of `response` under `key`, in the background of `event`. */
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
  const timeout = new Promise<never>((_resolve, reject) => {
    setTimeout(() => {
      reject(new Error('The network is taking too long'))
    }, NETWORK_TIMEOUT_MS)
  })
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
