/** A row's buttons, each marked with its kind (`data-control`) wherever it sits in the row. */
export type Control = 'toggle' | 'edit' | 'delete'

const isControl = (value: string | undefined): value is Control =>
  value === 'toggle' || value === 'edit' || value === 'delete'

/** The row of `id` among `list`'s rows, if it is drawn. */
export function rowElement(list: HTMLElement, id: string): HTMLElement | undefined {
  for (const child of list.children) {
    if (child instanceof HTMLElement && child.dataset.taskId === id) return child
  }
  return undefined
}

/** The button of kind `control` in `row`, found by its marker, not its place. */
export function rowControl(row: Element, control: Control): HTMLElement | undefined {
  const button = row.querySelector(`[data-control="${control}"]`)
  return button instanceof HTMLElement ? button : undefined
}

/** Which of a row's controls `element` is, if it is one. */
export function controlOf(element: Element): Control | undefined {
  const control = element instanceof HTMLElement ? element.dataset.control : undefined
  return isControl(control) ? control : undefined
}
