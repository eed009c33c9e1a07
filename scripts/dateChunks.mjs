// The date parser's chunks in a build: its own (named after src/features/tasks/model/parseDue.ts)
// and its other languages, which it imports lazily. `npm run size` and the service worker's
// test read them alike.
import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'

/** In `dist` (dist/todo): `assets/parseDue-….js`, or undefined, and its languages' chunks. */
export function dateParserChunks(dist) {
  const parser = readdirSync(join(dist, 'assets'))
    .map((name) => `assets/${name}`)
    .find((name) => /^assets\/parseDue-[\w-]+\.js$/.test(name))
  const languages =
    parser === undefined
      ? []
      : [...readFileSync(join(dist, parser), 'utf8').matchAll(/import\(`\.\/([^`]+)`\)/g)].map(
          ([, file]) => `assets/${file ?? ''}`,
        )
  return { parser, languages }
}
