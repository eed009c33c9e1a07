import type { Finding } from './findSlice'

/** What the list says when it has tasks but Find or the filter shows none. */
export function NoMatch({ finding: { query, filter } }: { finding: Finding }) {
  const which = filter === 'all' ? '' : `${filter} `
  const typed = query.trim()
  return (
    <div className="empty">
      <p role="status">{typed ? `No ${which}task matches “${typed}”.` : `No ${which}tasks.`}</p>
    </div>
  )
}
