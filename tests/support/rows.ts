import { screen, within } from '@testing-library/react'

/** The rows of the task list, in the order shown. */
export const rows = () =>
  within(screen.getByRole('list', { name: 'Tasks' })).getAllByRole('listitem')

/** Each row's task text, in the order shown. */
export const rowTexts = () => rows().map((item) => item.querySelector('.task-text')?.textContent)

/** The row whose task text is exactly `text`. */
export function row(text: string): HTMLElement {
  const found = rows().find((item) => item.querySelector('.task-text')?.textContent === text)
  if (!found) throw new Error(`No row with the text ${text}`)
  return found
}
