import type { Plugin } from 'vite'

/**
 * The modules the first render loads (those the entry reaches by static imports), for one chunk
 * of their own: without it, Rolldown splits them by which lazy chunks share each, and every
 * new lazy chunk that imports one of them cuts the first render into more, smaller files, which
 * compress worse (npm run size: 1.8 kB more for two lazy dialogs, 2026-12-07).
 */
export function firstRender(): { plugin: Plugin; test: (id: string) => boolean } {
  const imports = new Map<string, readonly string[]>()
  const entries: string[] = []
  let reached: Set<string> | null = null
  const plugin: Plugin = {
    name: 'first-render',
    apply: 'build',
    buildStart() {
      imports.clear()
      entries.length = 0
      reached = null
    },
    moduleParsed(info) {
      imports.set(info.id, info.importedIds)
      if (info.isEntry) entries.push(info.id)
    },
  }
  const test = (id: string) => {
    if (reached === null) {
      reached = new Set()
      const next = entries.flatMap((entry) => imports.get(entry) ?? [])
      for (let module = next.pop(); module !== undefined; module = next.pop()) {
        if (reached.has(module)) continue
        reached.add(module)
        next.push(...(imports.get(module) ?? []))
      }
    }
    return reached.has(id) && !entries.includes(id)
  }
  return { plugin, test }
}
