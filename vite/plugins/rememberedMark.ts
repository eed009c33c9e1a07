import { createHash } from 'node:crypto'
import type { Plugin } from 'vite'
import { LAST_USER_KEY } from '../../src/services/browser/adapters.ts'
import { headersFor, readHostingConfig } from './hostingHeaders.ts'

/**
 * Runs in index.html's head, before anything is painted: marks `<html data-remembered>` when the
 * device's last user did not sign out, so the prerendered page, which draws both, shows them
 * 'Checking sign-in…' rather than the signed-out page (src/features/auth/FirstPaint.tsx).
 * Storage that cannot be read means nobody is remembered, as in services/browser/adapters.ts.
 */
export const REMEMBERED_MARK_SCRIPT = `try{if(localStorage.getItem(${JSON.stringify(LAST_USER_KEY)})!==null)document.documentElement.setAttribute("data-remembered","")}catch{}`

/** The script's source for a Content-Security-Policy, which allows no other inline script. */
export const REMEMBERED_MARK_HASH = `'sha256-${createHash('sha256').update(REMEMBERED_MARK_SCRIPT).digest('base64')}'`

const CHARSET = /<meta charset="[^"]*"\s*\/?>/i

/** Fails unless firebase.json's Content-Security-Policy for the page allows the script. */
export function checkCspAllowsMark(file = 'firebase.json', page = '/todo/'): void {
  const csp = headersFor(readHostingConfig(file).headers ?? [], page).get('Content-Security-Policy')
  const scriptSrc = csp
    ?.split(';')
    .map((directive) => directive.trim().split(/\s+/))
    .find(([name]) => name === 'script-src')
  if (csp !== undefined && !scriptSrc?.includes(REMEMBERED_MARK_HASH)) {
    throw new Error(
      `${file}: the Content-Security-Policy's script-src must list ${REMEMBERED_MARK_HASH}, the ` +
        'hash of the head script vite/plugins/rememberedMark.ts puts in index.html.',
    )
  }
}

/**
 * Puts the script first in the built index.html's head (after its charset), where it runs
 * before the prerendered body is parsed. Build only, as the prerender it serves.
 */
export function rememberedMark(): Plugin {
  return {
    name: 'todo:remembered-mark',
    apply: 'build',
    buildStart() {
      checkCspAllowsMark()
    },
    transformIndexHtml(html) {
      if (!CHARSET.test(html)) throw new Error('index.html has no <meta charset> to follow')
      return html.replace(
        CHARSET,
        (charset) => `${charset}\n    <script>${REMEMBERED_MARK_SCRIPT}</script>`,
      )
    },
  }
}
