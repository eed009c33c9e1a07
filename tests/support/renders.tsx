import { Profiler, type ReactNode } from 'react'

// Which components rendered in each commit, counted as React DevTools' "Highlight updates"
// counts them: a component whose function ran and whose output React used (the fiber's
// PerformedWork flag), not one React skipped (memo, the same props, the same element) or whose
// render it threw away (state that came out the same). A <Profiler> around the tree says when a
// commit happens; the tree's fibers (React's own, read as DevTools reads them) say what it drew.

interface Fiber {
  tag: number
  type: unknown
  flags: number
  memoizedProps: unknown
  alternate: Fiber | null
  child: Fiber | null
  sibling: Fiber | null
}

// React's work tags and flag (react-reconciler's ReactWorkTags and ReactFiberFlags).
const COMPONENT_TAGS = new Set([
  0, // FunctionComponent
  1, // ClassComponent
  11, // ForwardRef
  15, // SimpleMemoComponent (a memo's own function; a MemoComponent, 14, draws it as its child)
])
const PERFORMED_WORK = 0b1

function nameOf(type: unknown): string {
  if (typeof type === 'function') {
    const { displayName, name } = type as { displayName?: string; name: string }
    return displayName ?? (name || 'Anonymous')
  }
  if (typeof type === 'object' && type !== null && 'render' in type) return nameOf(type.render)
  return 'Unknown'
}

/** The `id` prop, if the component has one (a row's task). */
function idOf(fiber: Fiber): string | undefined {
  const props = fiber.memoizedProps
  if (typeof props !== 'object' || props === null || !('id' in props)) return undefined
  return typeof props.id === 'string' ? props.id : undefined
}

/** The root `render` drew into `container`: its `current` is the tree as last committed. */
function rootOf(container: Element): { current: Fiber } {
  const key = Object.keys(container).find((name) => name.startsWith('__reactContainer$'))
  const hostRoot: unknown = key === undefined ? undefined : Reflect.get(container, key)
  if (hostRoot === undefined) throw new Error('No React root in this container')
  return (hostRoot as { stateNode: { current: Fiber } }).stateNode
}

function* fibersOf(root: Fiber): Generator<Fiber> {
  const stack: Fiber[] = [root]
  for (let fiber = stack.pop(); fiber; fiber = stack.pop()) {
    yield fiber
    if (fiber.sibling && fiber !== root) stack.push(fiber.sibling)
    if (fiber.child) stack.push(fiber.child)
  }
}

export type Change = 'updated' | 'mounted' | 'unmounted'
export interface Render {
  component: string
  change: Change
  /** Its `id` prop, if it has one. */
  id?: string
}

/**
 * `wrap` puts a Profiler around the tree to render; once it is drawn, `start(container)` begins
 * counting from the tree as it is then, and `commits` holds what each commit since drew.
 */
export function renderCounter() {
  let root: { current: Fiber } | null = null
  let seen = new Set<Fiber>()
  const commits: Render[][] = []
  const look = () => {
    if (!root) return
    const now = new Set<Fiber>()
    const commit: Render[] = []
    const add = (fiber: Fiber, change: Change) => {
      const id = idOf(fiber)
      commit.push({ component: nameOf(fiber.type), change, ...(id !== undefined && { id }) })
    }
    for (const fiber of fibersOf(root.current)) {
      now.add(fiber)
      // A fiber React did not visit is the same object as in the last commit; one it visited is
      // its alternate (or new), and rendered only if it did the work.
      if (seen.has(fiber) || !COMPONENT_TAGS.has(fiber.tag)) continue
      if ((fiber.flags & PERFORMED_WORK) === 0) continue
      add(fiber, fiber.alternate === null ? 'mounted' : 'updated')
    }
    for (const fiber of seen) {
      const gone = !now.has(fiber) && (fiber.alternate === null || !now.has(fiber.alternate))
      if (gone && COMPONENT_TAGS.has(fiber.tag)) add(fiber, 'unmounted')
    }
    seen = now
    if (commit.length > 0) commits.push(commit)
  }
  const all = () => commits.flat()
  return {
    commits,
    wrap: (tree: ReactNode) => (
      <Profiler id="counted" onRender={look}>
        {tree}
      </Profiler>
    ),
    start(container: Element) {
      root = rootOf(container)
      seen = new Set(fibersOf(root.current))
      commits.length = 0
    },
    /**
     * How many times each component `change`d, by name: in commit `index` (0 the first since
     * `start`), or over every commit.
     */
    count(change: Change, index?: number): Record<string, number> {
      const counts: Record<string, number> = {}
      const renders = index === undefined ? all() : (commits[index] ?? [])
      for (const render of renders) {
        if (render.change === change) counts[render.component] = (counts[render.component] ?? 0) + 1
      }
      return Object.fromEntries(Object.entries(counts).sort(([a], [b]) => a.localeCompare(b)))
    },
    /** The `id`s of the `component`s that `change`d, in the order they did. */
    ids(component: string, change: Change): string[] {
      return all().flatMap((render) =>
        render.component === component && render.change === change && render.id !== undefined
          ? [render.id]
          : [],
      )
    },
  }
}
