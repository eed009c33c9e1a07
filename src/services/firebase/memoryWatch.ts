// Whether a change is in the page's memory alone, as the repository reports it (types.ts,
// watchChangesInMemory). Without the SDK: the page's first chunk holds it.

/**
 * Who hears when `inMemory`'s answer changes. `changed()` after anything it reads: the answer is
 * asked once, a task later, so the steps of one hand-over within a task are not heard apart.
 */
export function memoryWatch(inMemory: () => boolean) {
  const listeners = new Set<(inMemory: boolean) => void>()
  let said = false
  let asking = false
  return {
    now: inMemory,
    changed: () => {
      if (asking) return
      asking = true
      setTimeout(() => {
        asking = false
        const answer = inMemory()
        if (answer === said) return
        said = answer
        for (const listener of [...listeners]) listener(answer)
      })
    },
    watch: (listener: (inMemory: boolean) => void) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
  }
}
