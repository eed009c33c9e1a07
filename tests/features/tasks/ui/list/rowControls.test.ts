import { describe, expect, it } from 'vitest'
import { controlOf, rowControl, rowElement } from '../../../../../src/features/tasks/ui/list/rowControls'

/** A row laid out unlike TaskItem's: buttons wrapped, in another order, among other things. */
function unusualList() {
  const list = document.createElement('ul')
  list.innerHTML = `
    <li data-task-id="a"><button data-control="toggle">a</button></li>
    <li data-task-id="b">
      <div class="actions">
        <a href="#b">link</a>
        <button data-control="delete">Delete</button>
        <button data-control="edit">Edit</button>
      </div>
      <span><button data-control="toggle">Toggle</button></span>
    </li>`
  return list
}

describe('a row’s controls', () => {
  it('are found by their marker, wherever they sit in the row', () => {
    const row = rowElement(unusualList(), 'b')
    if (!row) throw new Error('no row b')
    expect(rowControl(row, 'toggle')?.textContent).toBe('Toggle')
    expect(rowControl(row, 'edit')?.textContent).toBe('Edit')
    expect(rowControl(row, 'delete')?.textContent).toBe('Delete')
  })

  it('say which kind they are; anything else is none', () => {
    const row = rowElement(unusualList(), 'b')
    if (!row) throw new Error('no row b')
    for (const button of row.querySelectorAll('button')) {
      expect(controlOf(button)).toBe(button.dataset.control)
    }
    const link = row.querySelector('a')
    if (!link) throw new Error('no link')
    expect(controlOf(link)).toBeUndefined()
    expect(rowElement(unusualList(), 'z')).toBeUndefined()
  })
})
