// The list shown is kept in the address with the filter (`#/lists/3/open`; My tasks keeps the
// spec's `#/open`), so a reload, Back and a shared link all show it.

const LIST_HASH = /^#\/lists\/([1-9][0-9]{0,2})(\/.*)?$/

/** The list an address names (null: My tasks), and the rest of it, as the filters read it. */
export function placeOfHash(hash: string): { list: string | null; rest: string } {
  const match = LIST_HASH.exec(hash)
  if (match === null) return { list: null, rest: hash }
  return { list: match[1] ?? null, rest: `#${match[2] ?? '/'}` }
}

/** The address of `rest` (a filter's `#/open`) in `list`. */
export const hashIn = (list: string | null, rest: string) =>
  list === null ? rest : `#/lists/${list}${rest.slice(1) === '/' ? '' : rest.slice(1)}`
