import { createContext, type ReactNode } from 'react'

/**
 * The rows drawn and the ids shown, passed to the drag library's sortable list (reorder.tsx)
 * through context: the library's own context above them then keeps its props when the list
 * changes, and a click re-renders none of it.
 */
export const ShownRows = createContext<{ ids: readonly string[]; rows: ReactNode } | null>(null)
