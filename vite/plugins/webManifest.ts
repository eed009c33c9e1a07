// Installable: links the web app manifest and the icons (in public/) from the page.
import type { Plugin } from 'vite'

/** The head tags of the manifest and the icons (favicon too); the files are in public/. */
export function webManifest(): Plugin {
  let base = '/'
  return {
    name: 'todo:web-manifest',
    configResolved(config) {
      base = config.base
    },
    transformIndexHtml: () =>
      [
        { tag: 'link', attrs: { rel: 'manifest', href: `${base}manifest.webmanifest` } },
        {
          tag: 'link',
          attrs: { rel: 'icon', href: `${base}icons/icon.svg`, type: 'image/svg+xml' },
        },
        {
          tag: 'link',
          attrs: { rel: 'icon', href: `${base}icons/icon-192.png`, sizes: '192x192' },
        },
        {
          tag: 'link',
          attrs: { rel: 'apple-touch-icon', href: `${base}icons/apple-touch-icon.png` },
        },
        {
          tag: 'meta',
          attrs: {
            name: 'theme-color',
            media: '(prefers-color-scheme: light)',
            content: '#f6f7f9',
          },
        },
        {
          tag: 'meta',
          attrs: { name: 'theme-color', media: '(prefers-color-scheme: dark)', content: '#0d1117' },
        },
      ].map((tag) => ({ ...tag, injectTo: 'head' as const })),
  }
}
