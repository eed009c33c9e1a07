// Firebase Hosting's response headers and rewrites, read from firebase.json, the one place they
// are written, and applied by `vite preview` too, so the local build runs under the same
// Content-Security-Policy, caching and routing as the deployed one.
import { readFileSync, statSync } from 'node:fs'
import type { ServerResponse } from 'node:http'
import { resolve } from 'node:path'
import type { Plugin } from 'vite'

export interface HeaderRule {
  source?: string
  regex?: string
  headers: { key: string; value: string }[]
}

export interface RewriteRule {
  source?: string
  regex?: string
  destination: string
}

interface HostingConfig {
  headers?: HeaderRule[]
  rewrites?: RewriteRule[]
}

export function readHostingConfig(file = 'firebase.json'): HostingConfig {
  return (JSON.parse(readFileSync(file, 'utf8')) as { hosting?: HostingConfig }).hosting ?? {}
}

/**
 * A Hosting `source` glob as a regular expression. Only `**` (any characters) and `*` (any but
 * `/`) are supported; anything fancier throws rather than match differently from Hosting.
 */
export function globToRegExp(glob: string): RegExp {
  if (/[?[\]{}()!@+]/.test(glob)) {
    throw new Error(`Unsupported glob in firebase.json for vite preview: ${glob}`)
  }
  const pattern = glob
    .split('**')
    .map((part) =>
      part
        .split('*')
        .map((text) => text.replace(/[.\\^$|/]/g, '\\$&'))
        .join('[^/]*'),
    )
    .join('.*')
  return new RegExp(`^${pattern}$`)
}

const ruleMatcher = (rule: { source?: string; regex?: string }): RegExp => {
  if (rule.regex !== undefined) return new RegExp(rule.regex, 'u')
  if (rule.source !== undefined) return globToRegExp(rule.source)
  throw new Error('A header rule in firebase.json has neither source nor regex.')
}

/**
 * The headers Hosting sends for a request path: those of every matching rule, in order, a later
 * rule's value replacing an earlier one's (as Hosting and its emulator do).
 */
export function headersFor(rules: HeaderRule[], path: string): Map<string, string> {
  const headers = new Map<string, string>()
  for (const rule of rules) {
    if (!ruleMatcher(rule).test(path)) continue
    for (const { key, value } of rule.headers) headers.set(key, value)
  }
  return headers
}

/** Adds sources to directives of a Content-Security-Policy (creating missing directives). */
export function extendCsp(csp: string, additions: Record<string, string[]>): string {
  const directives = new Map<string, string[]>()
  for (const directive of csp.split(';')) {
    const [name, ...sources] = directive.trim().split(/\s+/)
    if (name) directives.set(name, sources)
  }
  for (const [name, sources] of Object.entries(additions)) {
    directives.set(name, [...(directives.get(name) ?? []), ...sources])
  }
  return [...directives].map(([name, sources]) => [name, ...sources].join(' ')).join('; ')
}

/**
 * `vite preview` answers as Hosting does: firebase.json's headers by request path, over whatever
 * Vite itself sets (its static server answers every file `Cache-Control: no-cache`); a path
 * under the base that is no file of the build is rewritten as firebase.json says, or is a 404
 * (where Vite would answer index.html). `cspAdditions` adds sources for the local build only:
 * the emulators it talks to. Vite's dev server (`npm start`) sends the same security headers,
 * with what development itself needs added (DEV_CSP): the page is tried under the policy it
 * ships with from the first day.
 */
export function hostingHeaders(options: {
  file?: string
  cspAdditions?: (env: Record<string, string>) => Record<string, string[]>
}): Plugin {
  return {
    name: 'todo:hosting-headers',
    config: (_config, { command }) =>
      command === 'serve' ? { html: { cspNonce: DEV_NONCE } } : {},
    configureServer(server) {
      const { headers: rules = [] } = readHostingConfig(options.file)
      const additions = mergeCsp(options.cspAdditions?.(server.config.env) ?? {}, DEV_CSP)
      server.middlewares.use((req, res, next) => {
        const path = new URL(req.url ?? '/', 'http://localhost').pathname
        // Caching is development's own (every module is asked again): only the security headers.
        const headers = headersFor(rules, path)
        headers.delete('Cache-Control')
        const csp = headers.get('Content-Security-Policy')
        if (csp !== undefined) headers.set('Content-Security-Policy', extendCsp(csp, additions))
        sendWith(res, headers)
        next()
      })
    },
    configurePreviewServer(server) {
      const { headers: rules = [], rewrites = [] } = readHostingConfig(options.file)
      const additions = options.cspAdditions?.(server.config.env) ?? {}
      const { base, root } = server.config
      const outDir = resolve(root, server.config.build.outDir)
      const isFile = (path: string) => statSync(path, { throwIfNoEntry: false })?.isFile() ?? false

      server.middlewares.use((req, res, next) => {
        const path = new URL(req.url ?? '/', 'http://localhost').pathname
        const headers = headersFor(rules, path)
        const csp = headers.get('Content-Security-Policy')
        if (csp !== undefined) headers.set('Content-Security-Policy', extendCsp(csp, additions))
        sendWith(res, headers)

        const inBuild = path.startsWith(base) ? path.slice(base.length) : undefined
        if (inBuild === undefined || inBuild === '' || isFile(resolve(outDir, inBuild))) {
          next()
          return
        }
        const rewrite = rewrites.find((rule) => ruleMatcher(rule).test(path))
        if (rewrite) {
          req.url = rewrite.destination
          next()
          return
        }
        res.statusCode = 404
        res.setHeader('Content-Type', 'text/plain; charset=utf-8')
        res.end('Not Found')
      })
    },
  }
}

/**
 * What Vite's dev server needs besides the deployed policy: its HMR socket, and the nonce Vite
 * puts on the tags it writes itself (React Refresh's preamble, each module's CSS).
 */
const DEV_NONCE = 'todo-dev'
const DEV_CSP: Record<string, string[]> = {
  'connect-src': ['ws://127.0.0.1:5173', 'ws://localhost:5173'],
  'script-src': [`'nonce-${DEV_NONCE}'`],
  'style-src': [`'nonce-${DEV_NONCE}'`],
}

function mergeCsp(...parts: Record<string, string[]>[]): Record<string, string[]> {
  const merged: Record<string, string[]> = {}
  for (const part of parts) {
    for (const [name, sources] of Object.entries(part)) {
      merged[name] = [...(merged[name] ?? []), ...sources]
    }
  }
  return merged
}

/** Makes the response carry `headers`, whatever the later middleware sets or writes. */
function sendWith(res: ServerResponse, headers: Map<string, string>): void {
  const writeHead = res.writeHead.bind(res) as (...args: unknown[]) => ServerResponse
  const names = new Set([...headers.keys()].map((name) => name.toLowerCase()))
  res.writeHead = (...args: unknown[]) => {
    for (const [name, value] of headers) res.setHeader(name, value)
    // Headers passed to writeHead win over setHeader's: drop theirs for the names we own.
    const last = args.at(-1)
    if (typeof last === 'object' && last !== null && !Array.isArray(last)) {
      args[args.length - 1] = Object.fromEntries(
        Object.entries(last).filter(([name]) => !names.has(name.toLowerCase())),
      )
    }
    return writeHead(...args)
  }
}
