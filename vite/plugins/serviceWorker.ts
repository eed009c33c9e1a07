// Offline: builds the service worker (src/sw.ts) into sw.js with the list of the build's files
// to keep on the device.
import { createHash } from 'node:crypto'
import { readdirSync, readFileSync } from 'node:fs'
import { join, relative, sep } from 'node:path'
import { minify, transformWithOxc, type Plugin, type ResolvedConfig } from 'vite'

function filesUnder(dir: string): string[] {
  if (!dir) return []
  try {
    return readdirSync(dir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => join(entry.parentPath, entry.name))
  } catch {
    return [] // no public directory
  }
}

/** chrono's language, or ours that brings it with additions (src/features/tasks/model/languages/). */
const LANGUAGE =
  /(?:chrono-node\/dist\/esm\/locales|src\/features\/tasks\/model\/languages)\/([a-z]{2})(?:\/index\.js|\.ts)$/

/**
 * Emits `sw.js` (production builds only): src/sw.ts compiled and minified, after a declaration
 * of PRECACHE, `{ version, files, languages }`: the page ('./'), every file of the bundle but
 * source maps and Vite's manifest, and every file of public/; the version is a hash of all their
 * contents. A date parser's language (`chrono-node/de`…) is in `languages` under its code, not
 * in `files`: a device keeps only its own languages' (43.6 kB for all 13, 2026-11-28).
 */
export function serviceWorker({ source = 'src/sw.ts', fileName = 'sw.js' } = {}): Plugin {
  let config: ResolvedConfig
  return {
    name: 'todo:service-worker',
    apply: 'build',
    enforce: 'post',
    configResolved(resolved) {
      config = resolved
    },
    generateBundle: {
      order: 'post',
      async handler(_options, bundle) {
        const contents = new Map<string, string | Uint8Array>()
        const languages: Record<string, string[]> = {}
        for (const [name, output] of Object.entries(bundle)) {
          if (name.endsWith('.map') || name.startsWith('.vite/')) continue
          contents.set(name, output.type === 'chunk' ? output.code : output.source)
          const language = output.type === 'chunk' && LANGUAGE.exec(output.facadeModuleId ?? '')
          if (language) (languages[language[1] ?? ''] ??= []).push(name)
        }
        const ofLanguages = new Set(Object.values(languages).flat())
        for (const path of filesUnder(config.publicDir)) {
          contents.set(relative(config.publicDir, path).split(sep).join('/'), readFileSync(path))
        }
        const hash = createHash('sha256')
        for (const name of [...contents.keys()].sort()) {
          hash
            .update(name)
            .update('\0')
            .update(contents.get(name) ?? '')
            .update('\0')
        }
        const files = [
          './',
          ...[...contents.keys()].filter((name) => name !== 'index.html' && !ofLanguages.has(name)),
        ]
        const precache = {
          version: hash.digest('hex').slice(0, 16),
          files: files.sort(),
          languages,
        }

        const compiled = await transformWithOxc(readFileSync(source, 'utf8'), source, {
          lang: 'ts',
          target: 'es2022',
        })
        const script =
          `const PRECACHE = ${JSON.stringify(precache)};\n` +
          compiled.code.replace(/^export\s*\{\s*\};?\s*$/m, '')
        const minified = await minify(fileName, script, { compress: true, mangle: true })
        if (minified.errors.length > 0) {
          this.error(`Could not minify ${fileName}: ${minified.errors.map(String).join('; ')}`)
        }
        this.emitFile({ type: 'asset', fileName, source: minified.code })
      },
    },
  }
}
