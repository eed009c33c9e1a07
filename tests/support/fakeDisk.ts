// The device's disk as the fake repository (fakeTaskRepository.ts) answers for it: a write is on
// disk once handed over, unless the test holds it in the page's memory (a busy machine).

export function createFakeDisk() {
  let holding = false
  let held = 0
  let said = false
  const listeners = new Set<(inMemory: boolean) => void>()
  const inMemory = () => held > 0
  // As the SDK's adapter: heard a task later, only when the answer changed.
  const changed = () => {
    setTimeout(() => {
      const answer = inMemory()
      if (answer === said) return
      said = answer
      for (const listener of [...listeners]) listener(answer)
    }, 0)
  }
  return {
    changesOnlyInMemory: inMemory,
    watchChangesInMemory: (listener: (inMemory: boolean) => void) => {
      listeners.add(listener)
      return () => {
        listeners.delete(listener)
      }
    },
    /** A write handed over: held in memory while the test says so. */
    written: () => {
      if (!holding) return
      held++
      changed()
    },
    /** From now on, each write stays in the page's memory until {@link putOnDisk}. */
    holdInMemory: () => {
      holding = true
    },
    /** The writes held reach the disk; those from now on go at once. */
    putOnDisk: () => {
      holding = false
      held = 0
      changed()
    },
  }
}
