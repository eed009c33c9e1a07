import { runnerImport, type Plugin } from 'vite'
import type { prerenderApp } from '../../src/app/prerender.tsx'

const ROOT = '<div id="root"></div>'

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
          { configFile: false, logLevel: 'warn' },
        )
        return html.replace(ROOT, `<div id="root">${module.prerenderApp()}</div>`)
      },
    },
  }
}
