/**
 * Registers the service worker (src/sw.ts, built into sw.js) once the page has loaded, so its
 * downloads never compete with the first render. Production builds only: the dev server has
 * no sw.js, and a worker kept from a build must not serve stale files to it.
 */
export function registerServiceWorker(): void {
  if (!import.meta.env.PROD || !('serviceWorker' in navigator)) return
  const base = import.meta.env.BASE_URL
  const register = () => {
    navigator.serviceWorker.register(`${base}sw.js`, { scope: base }).catch((err: unknown) => {
      // Only offline use is lost; the app works as before.
      console.warn('The app could not be made available offline', err)
    })
  }
  if (document.readyState === 'complete') register()
  else window.addEventListener('load', register, { once: true })
}
