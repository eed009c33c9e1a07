// `npm run size`: builds the app (skip with --no-build to measure the existing dist/todo/), prints
// every script and style sheet with its size, and checks the budgets, gzip-compressed:
//   - all JavaScript (every chunk, lazy ones and the service worker included),
//     but the date parsers and the repeat reader below                           ≤ 305 kB
//   - the date parser (src/features/tasks/model/parseDue.ts, chrono-node's English),
//     loaded after the first paint, once the person types                       ≤  17 kB
//   - each other language's parser, loaded on top of it for a browser in that
//     language only                                                              ≤   6 kB
//   - the repeat reader (src/features/tasks/model/readRepeat.ts, English, German and
//     French) with the engine and words it brings, loaded once the person types  ≤   7 kB
//   - JavaScript loaded before the first render (the entry script of index.html and every
//     chunk it imports statically, transitively)                                 ≤ 104 kB
//   - all CSS                                                                    ≤   5 kB
// It exits non-zero when a budget is exceeded. kB = 1,000 bytes, as Vite prints them; gzip at
// level 9, as `firebase deploy` compresses the files Hosting serves (brotli is shown too).
import { spawnSync } from 'node:child_process'
import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs'
import { dirname, join, relative, sep } from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import { dateParserChunks } from './dateChunks.mjs'

const DIST = 'dist/todo'
const BASE = '/todo/'
const BUDGETS = {
  // 290 kB until 2026-11-28; due dates' screens (the filters, a row's date, the dialog's date
  // fields, the hint, Todoist's dates) came to 4.4 kB outside the parser (docs/performance.md).
  // 295 kB until 2026-12-07; repeats' screens (the row's repeat, the dialog's Repeat field, the
  // tick's Undo, the stored field's check) came to 1.6 kB outside the reader.
  // 297 kB until 2026-12-07: lists (issue 47) came to 7.0 kB (docs/performance.md).
  allJs: 305_000,
  // 100 kB until 2026-11-28, when this count learnt to follow the entry's static imports: it had
  // said 75 kB where the browser loaded 99.7 kB. Due dates then added 0.6 kB net (docs/performance.md).
  // 102 kB until 2026-12-07: repeats' parts that a tick or the first keystroke needs at once (the
  // stored field's check, the tick's move-on and its Undo, the reader's loader) came to 1.0 kB.
  // 103 kB until 2026-12-07: lists (issue 47). Their line, dialogs, drag and `#` reader load
  // later; the first render's one chunk (vite/plugins/firstRender.ts) saved 3.0 kB, and what
  // lists need at once (the store's lists, the address, the counts, the hint, Find's choice,
  // the rows' list names) came to 3.7 kB: 0.7 kB net (docs/performance.md).
  firstRenderJs: 104_000,
  css: 5_000,
  // 16 kB until 2026-12-07; issue 45's reading rules (repeats, a month alone, the clocks'
  // changes, English words for every browser, "eod" and the like) came to 1.2 kB (docs/performance.md).
  dateParser: 17_000,
  dateLanguage: 6_000,
  // Issue 45's repeats: the reader 4.3 kB, its engine and words 2.2 kB (docs/performance.md).
  repeatReader: 7_000,
}
/** The original design (React, the full Firebase SDK, a CSS framework), built with Vite. */
const ORIGINAL = { js: 237_000, css: 30_000 }

if (!process.argv.includes('--no-build')) {
  const build = spawnSync('node_modules/.bin/vite', ['build', '--logLevel', 'warn'], {
    stdio: 'inherit',
  })
  if (build.status !== 0) process.exit(build.status ?? 1)
}
if (!existsSync(join(DIST, 'index.html'))) {
  console.error(
    `No build in ${DIST}/: run \`npm run build\` (or \`npm run size\` without --no-build).`,
  )
  process.exit(1)
}

const files = readdirSync(DIST, { recursive: true })
  .map((name) => String(name).split(sep).join('/'))
  .filter((name) => /\.(js|css)$/.test(name) && statSync(join(DIST, name)).isFile())

/** The chunks `file` imports statically, and theirs (`from"./x.js"`, `import"./x.js"`). */
function withStaticImports(start) {
  const found = new Set()
  const next = [...start]
  while (next.length > 0) {
    const name = next.pop()
    if (name === undefined || found.has(name)) continue
    found.add(name)
    if (!name.endsWith('.js')) continue
    const code = readFileSync(join(DIST, name), 'utf8')
    for (const [, file] of code.matchAll(/(?:\bfrom|\bimport)\s*["'`]\.\/([^"'`]+\.js)["'`]/g)) {
      next.push(`${dirname(name)}/${file ?? ''}`)
    }
  }
  return found
}

// What index.html loads before the app can render: its scripts, preloaded modules and style
// sheets, and every chunk they import statically (module preload is off: the browser finds
// them in the entry).
const html = readFileSync(join(DIST, 'index.html'), 'utf8')
const tags = new Set()
for (const [tag] of html.matchAll(/<(script|link)\b[^>]*>/g)) {
  const url = /\b(?:src|href)="([^"]+)"/.exec(tag)?.[1]
  const loads = /^<script\b/.test(tag) || /\brel="(modulepreload|stylesheet)"/.test(tag)
  if (url?.startsWith(BASE) && loads) tags.add(url.slice(BASE.length))
}
const firstRender = withStaticImports(tags)

// The date parser: its chunk (named after its module) and what it imports statically that the
// first render does not bring (chrono-node's English, shared with the import of Todoist files).
// The other languages are what it imports lazily.
const { parser, languages: languageChunks } = dateParserChunks(DIST)
const parserChunks = new Set(
  [...withStaticImports(parser === undefined ? [] : [parser])].filter(
    (name) => !firstRender.has(name),
  ),
)
const languages = new Set(languageChunks)
// The repeat reader: its chunk, and what it imports statically that neither the first render
// nor the date parser brings (the engine and the words, which the rows share).
const repeatChunk = files.find((name) => /^assets\/readRepeat-[\w-]+\.js$/.test(name))
const repeatChunks = new Set(
  [...withStaticImports(repeatChunk === undefined ? [] : [repeatChunk])].filter(
    (name) => !firstRender.has(name) && !parserChunks.has(name),
  ),
)

const rows = files.map((name) => {
  const content = readFileSync(join(DIST, name))
  const dates = parserChunks.has(name)
    ? 'date parser'
    : languages.has(name)
      ? 'date language'
      : repeatChunks.has(name)
        ? 'repeat reader'
        : null
  return {
    name,
    raw: content.length,
    gzip: gzipSync(content, { level: 9 }).length,
    brotli: brotliCompressSync(content, {
      params: { [constants.BROTLI_PARAM_QUALITY]: 11 },
    }).length,
    when: firstRender.has(name)
      ? 'first render'
      : name === 'sw.js'
        ? 'service worker'
        : (dates ?? 'later'),
  }
})
const order = {
  'first render': 0,
  later: 1,
  'service worker': 2,
  'date parser': 3,
  'date language': 4,
  'repeat reader': 5,
}
rows.sort((a, b) => order[a.when] - order[b.when] || b.gzip - a.gzip)

const kB = (bytes) => `${(bytes / 1000).toFixed(2)} kB`
const sum = (list, key = 'gzip') => list.reduce((total, row) => total + row[key], 0)
const table = [
  ['file', 'loaded', 'raw', 'gzip', 'brotli'],
  ...rows.map((row) => [row.name, row.when, kB(row.raw), kB(row.gzip), kB(row.brotli)]),
]
const widths = table[0].map((_, column) => Math.max(...table.map((row) => row[column].length)))
const line = (row) =>
  row
    .map((cell, column) =>
      column < 2 ? cell.padEnd(widths[column]) : cell.padStart(widths[column]),
    )
    .join('  ')
console.log(`\n${relative('.', DIST)}/`)
console.log(line(table[0]))
console.log(widths.map((width) => '-'.repeat(width)).join('  '))
for (const row of table.slice(1)) console.log(line(row))

const js = rows.filter((row) => row.name.endsWith('.js'))
const css = rows.filter((row) => row.name.endsWith('.css'))
const parsers = js.filter((row) => row.when.startsWith('date') || row.when === 'repeat reader')
const dateLanguages = parsers.filter((row) => row.when === 'date language')
const checks = [
  ['all JavaScript but the date parsers', sum(js) - sum(parsers), BUDGETS.allJs],
  [
    'JavaScript before the first render',
    sum(js.filter((row) => row.when === 'first render')),
    BUDGETS.firstRenderJs,
  ],
  ['CSS', sum(css), BUDGETS.css],
  [
    'the date parser (English), after the first paint',
    sum(parsers.filter((row) => row.when === 'date parser')),
    BUDGETS.dateParser,
  ],
  [
    `each other language's date parser, on top (the largest of ${String(dateLanguages.length)})`,
    Math.max(0, ...dateLanguages.map((row) => row.gzip)),
    BUDGETS.dateLanguage,
  ],
  [
    'the repeat reader, its engine and words, after the first paint',
    sum(js.filter((row) => row.when === 'repeat reader')),
    BUDGETS.repeatReader,
  ],
]
console.log('\nBudgets (gzip):')
let failed = false
for (const [what, size, budget] of checks) {
  const ok = size <= budget
  failed ||= !ok
  console.log(`  ${ok ? 'ok  ' : 'OVER'}  ${what}: ${kB(size)} of ${kB(budget)}`)
}
console.log(
  `\nThe original design shipped about ${kB(ORIGINAL.js)} of JavaScript and ${kB(ORIGINAL.css)} of CSS` +
    ` (gzip); this build ships ${kB(sum(js))} and ${kB(sum(css))}.`,
)
if (failed) {
  console.error('\nA size budget is exceeded (see above).')
  process.exit(1)
}
