import type { Plugin } from 'vite'
import { localApiOrigins } from './apiOrigins.ts'

/**
 * Connects early to the origins a returning user's page needs at once (Auth's check of the
 * stored session, then the task query), as their requests wait for the lazily loaded SDKs.
 */
export function preconnect(): Plugin {
  let origins: string[] = []
  return {
    name: 'todo:preconnect',
    configResolved({ env }) {
      const local = localApiOrigins(env)
      origins = local
        ? [local.auth, local.firestore]
        : ['https://identitytoolkit.googleapis.com', 'https://firestore.googleapis.com']
    },
    transformIndexHtml: () =>
      origins.map((href) => ({
        tag: 'link',
        attrs: { rel: 'preconnect', href, crossorigin: '' },
        injectTo: 'head' as const,
      })),
  }
}
