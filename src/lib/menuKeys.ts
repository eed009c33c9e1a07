/** The item `key` moves focus to from `current`, as the ARIA menu pattern says; -1: none. */
export function nextItem(items: readonly HTMLElement[], current: number, key: string): number {
  const count = items.length
  switch (key) {
    case 'ArrowDown':
      return (current + 1) % count
    case 'ArrowUp':
      return (current - 1 + count) % count
    case 'Home':
      return 0
    case 'End':
      return count - 1
    default: {
      // A letter goes to the next item whose name starts with it (E: Edit, D: Delete).
      if (key.length !== 1) return -1
      const starts = (index: number) =>
        items[index]?.textContent.trim().toLowerCase().startsWith(key.toLowerCase()) ?? false
      for (let step = 1; step <= count; step++) {
        if (starts((current + step) % count)) return (current + step) % count
      }
      return -1
    }
  }
}
