import type { CSSProperties, DOMAttributes, MouseEvent, Ref } from 'react'
import { hashIn } from './place'
import { LIST_WORDS } from './words'

/** What a drag gives a list's link (sortableLinks.tsx), once its chunk has come. */
export interface LinkDrag {
  itemRef: Ref<HTMLLIElement>
  linkRef: Ref<HTMLAnchorElement>
  listeners: DOMAttributes<HTMLAnchorElement> | undefined
  describedBy: string | undefined
  style: CSSProperties | undefined
  dragging: boolean
}

export interface LinkProps {
  /** The list's slot; null: My tasks, which stays first. */
  id: string | null
  name: string
  count: number
  current: boolean
}

// A finger held on a link being dragged opens no menu over it.
const noMenu = (event: MouseEvent) => {
  event.preventDefault()
}

/** One list in the switcher's line: its name and open count, a link to it. */
export function ListLink({ id, name, count, current, drag }: LinkProps & { drag?: LinkDrag }) {
  return (
    <li ref={drag?.itemRef} style={drag?.style} className={drag?.dragging ? 'dragging' : undefined}>
      <a
        ref={drag?.linkRef}
        href={hashIn(id, '#/')}
        aria-current={current ? 'page' : undefined}
        data-list-id={id ?? undefined}
        aria-keyshortcuts={id === null ? undefined : 'Alt+ArrowLeft Alt+ArrowRight'}
        // The browser's own drag of a link would take the pointer from the list's.
        draggable={id === null ? undefined : false}
        {...drag?.listeners}
        aria-describedby={drag?.describedBy}
        onContextMenu={drag?.dragging ? noMenu : undefined}
      >
        <span className="list-name">{name}</span>{' '}
        <span aria-label={LIST_WORDS.openCount(count)}>{count}</span>
      </a>
    </li>
  )
}
