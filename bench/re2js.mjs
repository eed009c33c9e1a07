// `node bench/re2js.mjs`: what the `re2js` regular-expression engine costs inside the Firestore
// chunk. The SDK calls it only to evaluate pipeline expressions (LIKE, regex_contains,
// regex_match), which the app never uses; but its local query engine picks the pipeline path
// at run time (`isPipeline(query)`), so the bundler cannot drop it.
//
// It builds the app twice into temporary directories: as it is, and with `re2js` aliased to a
// stub. The stub is for measuring only: an alias to a stub patches the SDK, which this project
// never ships, so it lives here and in no configuration.
import { mkdtempSync, readdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { gzipSync } from 'node:zlib'
import { build } from 'vite'

const repo = fileURLToPath(new URL('..', import.meta.url))
const kB = (bytes) => `${(bytes / 1000).toFixed(1)} kB`

/** Every script of the build in `dir`, with its gzip size (level 9, as Hosting is served). */
function scripts(dir) {
  const assets = join(dir, 'assets')
  return readdirSync(assets)
    .filter((name) => name.endsWith('.js'))
    .map((name) => ({
      name,
      gzip: gzipSync(readFileSync(join(assets, name)), { level: 9 }).length,
    }))
}

async function buildInto(outDir, alias) {
  await build({
    root: repo,
    logLevel: 'warn',
    ...(alias && { resolve: { alias: [{ find: /^re2js$/, replacement: alias }] } }),
    build: { outDir, emptyOutDir: true, chunkSizeWarningLimit: 5000 },
  })
  return scripts(outDir)
}

const tmp = mkdtempSync(join(tmpdir(), 'todo-re2js-'))
try {
  const stub = join(tmp, 're2js-stub.mjs')
  writeFileSync(
    stub,
    "export const RE2JS = { compile() { throw new Error('re2js: stubbed to measure') } }\n",
  )
  const asIs = await buildInto(join(tmp, 'as-is'))
  const stubbed = await buildInto(join(tmp, 'stubbed'), stub)
  const firestore = (list) => list.find((file) => file.name.startsWith('firestore-'))
  const total = (list) => list.reduce((sum, file) => sum + file.gzip, 0)
  const [a, b] = [firestore(asIs), firestore(stubbed)]
  if (!a || !b) throw new Error('No firestore-*.js chunk in the build')
  console.log(
    [
      'gzip -9 sizes             as built   re2js stubbed   re2js',
      `Firestore chunk           ${kB(a.gzip).padStart(8)}   ${kB(b.gzip).padStart(13)}   ${kB(a.gzip - b.gzip).padStart(6)}`,
      `all JavaScript (assets/)  ${kB(total(asIs)).padStart(8)}   ${kB(total(stubbed)).padStart(13)}   ${kB(total(asIs) - total(stubbed)).padStart(6)}`,
    ].join('\n'),
  )
} finally {
  rmSync(tmp, { recursive: true, force: true })
}
