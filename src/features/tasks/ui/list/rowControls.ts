import { createContext } from 'react'

/** Lists up to this long render every row; longer ones only the rows near the viewport. */
export const WINDOW_MIN_ROWS = 200

/** Opens the Edit Task dialog; the list holds it, so it outlives a row that moves or goes. */
export const EditTaskContext = createContext<((id: string) => void) | null>(null)

const CONTROLS: readonly (string | undefined)[] = ['toggle', 'edit', 'delete', 'more', 'reorder']
export type Control = 'toggle' | 'edit' | 'delete' | 'more' | 'reorder'
const isControl = (value: string | undefined): value is Control => CONTROLS.includes(value)

export function rowElement(list: HTMLElement, id: string): HTMLElement | undefined {
  for (const child of list.children) {
    if (child instanceof HTMLElement && child.dataset.taskId === id) return child
  }
  return undefined
}

// jsdom, where the unit tests run, has no layout and no checkVisibility: everything shows.
const isShown = (element: HTMLElement): boolean =>
  !('checkVisibility' in element) || element.checkVisibility()

/** On a narrow screen "More actions" stands in for Edit and Delete. */
export function rowControl(row: Element, control: Control): HTMLElement | undefined {
  const shown = (kind: Control) =>
    [...row.querySelectorAll(`[data-control="${kind}"]`)].find(
      (button): button is HTMLElement => button instanceof HTMLElement && isShown(button),
    )
  return shown(control) ?? (control === 'edit' || control === 'delete' ? shown('more') : undefined)
}

/** Focus to the `control` button of the row of `id`, if it is drawn; else to the input. */
export function focusRowControl(id: string | null, control: Control): void {
  const list = document.querySelector<HTMLElement>('ul.task-list')
  const row = list && id !== null ? rowElement(list, id) : undefined
  const button = row ? rowControl(row, control) : undefined
  ;(button ?? document.getElementById('new-task'))?.focus()
}

/** Which of a row's controls `element` is, if it is one. */
export function controlOf(element: Element): Control | undefined {
  const control = element instanceof HTMLElement ? element.dataset.control : undefined
  return isControl(control) ? control : undefined
}
