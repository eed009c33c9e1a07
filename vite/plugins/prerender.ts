import { runnerImport, type Plugin } from 'vite'
import type { prerenderApp } from '../../src/app/prerender.tsx'

const ROOT = '<div id="root"></div>'
const NO_CSS = '\0prerender:no-css'

/** Resolves every `.css` import to an empty module while the page is prerendered. */
const withoutStyleSheets: Plugin = {
  name: 'todo:prerender-without-css',
  enforce: 'pre',
  resolveId: (source) => (source.endsWith('.css') ? NO_CSS : undefined),
  load: (id) => (id === NO_CSS ? 'export {}' : undefined),
}

/**
 * Puts the app's first render (src/app/prerender.tsx) into the built index.html, so the page
 * paints with the HTML and its style sheet instead of after the JavaScript. Build only: the
 * dev server serves the empty root, and main.tsx renders into it.
 */
export function prerender(): Plugin {
  return {
    name: 'todo:prerender',
    apply: 'build',
    transformIndexHtml: {
      order: 'post',
      async handler(html) {
        if (!html.includes(ROOT)) throw new Error(`index.html has no empty ${ROOT} to fill`)
        const { module } = await runnerImport<{ prerenderApp: typeof prerenderApp }>(
          './src/app/prerender.tsx',
          // The components' style sheets are the build's business, not the HTML's.
          { configFile: false, logLevel: 'warn', plugins: [withoutStyleSheets] },
        )
        return html.replace(ROOT, `<div id="root">${module.prerenderApp()}</div>`)
      },
    },
  }
}
