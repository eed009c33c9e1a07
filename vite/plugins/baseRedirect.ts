import type { IncomingMessage, ServerResponse } from 'node:http'
import type { Plugin } from 'vite'

/**
 * `/todo` without its trailing slash is redirected to `/todo/` (keeping the query), as Hosting
 * does for a folder with an index.html when firebase.json sets no `trailingSlash`: the dev
 * server and `vite preview` would answer 404. List it before hostingHeaders, which answers 404
 * for paths outside the build.
 */
export function baseRedirect(): Plugin {
  const redirectToBase =
    (base: string) => (req: IncomingMessage, res: ServerResponse, next: () => void) => {
      const url = new URL(req.url ?? '/', 'http://localhost')
      if (base.length > 1 && url.pathname === base.slice(0, -1)) {
        res.writeHead(301, { Location: `${base}${url.search}` })
        res.end()
        return
      }
      next()
    }
  return {
    name: 'todo:base-redirect',
    configureServer(server) {
      server.middlewares.use(redirectToBase(server.config.base))
    },
    configurePreviewServer(server) {
      server.middlewares.use(redirectToBase(server.config.base))
    },
  }
}
