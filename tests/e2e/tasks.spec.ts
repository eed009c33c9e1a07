import { addTasks, expect, row, rowTexts, taskInput, taskRows, test } from './fixtures'
import { CONFETTI_CHUNK, confettiChunkRan, recordConfetti } from './support/confetti'

test.describe('the task list, signed in', () => {
  test('adds three tasks; the input is cleared and keeps focus after each', async ({
    signedIn: page,
  }) => {
    const input = taskInput(page)
    await expect(input).toHaveAttribute('placeholder', 'Write your task here')
    await expect(input).toHaveAttribute('autocomplete', 'off')
    await expect(input).toBeFocused()
    for (const text of ['Buy oat milk', 'Write the report', 'Call the plumber']) {
      await input.fill(text)
      await page.getByRole('button', { name: 'Add Task' }).click()
      await expect(input).toHaveValue('')
      await expect(input).toBeFocused()
    }
    expect(await rowTexts(page)).toEqual(['Buy oat milk', 'Write the report', 'Call the plumber'])
  })

  test('mark as done moves the task to the end, struck and grey, with confetti; incomplete moves it to the top', async ({
    signedIn: page,
  }) => {
    await page.emulateMedia({ reducedMotion: 'no-preference' })
    const confetti = await recordConfetti(page)
    await addTasks(page, 'One', 'Two', 'Three')
    await row(page, 'Two').getByRole('button', { name: 'Mark as complete' }).click()
    expect(await rowTexts(page)).toEqual(['One', 'Three', 'Two'])
    const done = row(page, 'Two')
    await expect(done.getByRole('button', { name: 'Mark as incomplete' })).toHaveAttribute(
      'title',
      'Mark as incomplete',
    )
    await expect(done.locator('.task-text')).toHaveCSS('text-decoration-line', 'line-through')
    await expect(done.locator('.task-text')).toHaveCSS('color', 'rgb(87, 96, 106)')
    // The confetti started, with the spec's options; how long it flies is the machine's pace.
    await expect.poll(async () => (await confetti()).canvases).toBe(1)
    expect((await confetti()).fired).toEqual([
      expect.objectContaining({ particleCount: 100, spread: 70, origin: { y: 0.6 } }),
    ])

    await done.getByRole('button', { name: 'Mark as incomplete' }).click()
    expect(await rowTexts(page)).toEqual(['Two', 'One', 'Three'])
    await expect(row(page, 'Two').locator('.task-text')).toHaveCSS('text-decoration-line', 'none')
  })

  test('no confetti for people who prefer reduced motion', async ({ signedIn: page }) => {
    await page.emulateMedia({ reducedMotion: 'reduce' })
    const confetti = await recordConfetti(page)
    await addTasks(page, 'Calm task')
    const chunk = page.waitForResponse(CONFETTI_CHUNK)
    await row(page, 'Calm task').getByRole('button', { name: 'Mark as complete' }).click()
    await expect(
      row(page, 'Calm task').getByRole('button', { name: 'Mark as incomplete' }),
    ).toBeVisible()
    // The library is loaded and asked all the same; once that has run, nothing was drawn.
    await confettiChunkRan(page, (await chunk).url())
    expect(await confetti()).toEqual({ canvases: 0, fired: [] })
  })

  test('Edit Task: prefilled; Close drops the draft; Save changes applies it in place', async ({
    signedIn: page,
  }) => {
    await addTasks(page, 'First', 'Second')
    await row(page, 'First').getByRole('button', { name: 'Edit' }).click()
    const dialog = page.getByRole('dialog', { name: 'Edit Task' })
    const field = dialog.getByRole('textbox', { name: 'Task' })
    await expect(field).toHaveValue('First')
    await field.fill('First, changed')
    await dialog.getByRole('button', { name: 'Close' }).click()
    await expect(dialog).toBeHidden()
    expect(await rowTexts(page)).toEqual(['First', 'Second'])

    await row(page, 'First').getByRole('button', { name: 'Edit' }).click()
    await field.fill('First, changed')
    await dialog.getByRole('button', { name: 'Save changes' }).click()
    await expect(dialog).toBeHidden()
    expect(await rowTexts(page)).toEqual(['First, changed', 'Second'])
  })

  test('Delete removes the task at once', async ({ signedIn: page }) => {
    await addTasks(page, 'Keep', 'Drop')
    await row(page, 'Drop').getByRole('button', { name: 'Delete' }).click()
    expect(await rowTexts(page)).toEqual(['Keep'])
  })

  test('bad input: blank is ignored, 1,000 characters at most, HTML, emoji and RTL shown verbatim', async ({
    signedIn: page,
  }) => {
    const input = taskInput(page)
    await input.fill('   ')
    await input.press('Enter')
    await expect(page.getByText('No tasks have been added yet')).toBeVisible()
    await expect(input).toBeFocused()

    await input.fill('x'.repeat(1200))
    await expect(input).toHaveValue('x'.repeat(1000))
    const cut = 'Cut to 1,000 characters: a task holds at most 1,000.'
    await expect(input).toHaveAccessibleDescription(cut)
    await input.press('Backspace')
    await expect(input).not.toHaveAccessibleDescription(cut)
    // Typed at the limit, and never half an emoji.
    await page.keyboard.insertText('🌱🌱')
    await expect(input).toHaveValue('x'.repeat(999))
    await expect(input).toHaveAccessibleDescription(cut)
    await input.press('Backspace')
    await page.keyboard.insertText('🌱🌱')
    await expect(input).toHaveValue(`${'x'.repeat(998)}🌱`)
    await input.press('Enter')

    const verbatim = ['<img src=x onerror=alert(1)>', 'Water the 🌱', 'לקנות חלב']
    page.on('dialog', () => {
      throw new Error('No dialog may open: the HTML must stay text')
    })
    await addTasks(page, ...verbatim)
    expect(await rowTexts(page)).toEqual([`${'x'.repeat(998)}🌱`, ...verbatim])
    await expect(page.locator('.task-list img')).toHaveCount(0)
    await expect(row(page, 'לקנות').locator('.task-text')).toHaveAttribute('dir', 'auto')
  })

  test('keyboard only: add, complete, edit (Escape closes), delete; focus returns to Edit', async ({
    signedIn: page,
  }) => {
    await expect(taskInput(page)).toBeFocused()
    await page.keyboard.type('Typed task')
    await page.keyboard.press('Enter')
    await expect(row(page, 'Typed task')).toBeVisible()

    // Tab from the input: Add Task, Find tasks, the filters All, Open, Finished, Today and
    // Upcoming, the one quiet New list, then the row's toggle, Edit, Delete.
    for (let press = 0; press < 9; press++) await page.keyboard.press('Tab')
    await expect(
      row(page, 'Typed task').getByRole('button', { name: 'Mark as complete' }),
    ).toBeFocused()
    await page.keyboard.press('Space')
    await expect(
      row(page, 'Typed task').getByRole('button', { name: 'Mark as incomplete' }),
    ).toBeVisible()

    const edit = row(page, 'Typed task').getByRole('button', { name: 'Edit' })
    await edit.focus()
    await expect(edit).toHaveCSS('outline-style', 'solid')
    await page.keyboard.press('Enter')
    const dialog = page.getByRole('dialog', { name: 'Edit Task' })
    await expect(dialog.getByRole('textbox', { name: 'Task' })).toBeFocused()
    await page.keyboard.press('Escape')
    await expect(dialog).toBeHidden()
    await expect(edit).toBeFocused()

    await page.keyboard.press('Enter')
    // Typing goes where focus is: wait for the dialog's field, as a person would.
    await expect(dialog.getByRole('textbox', { name: 'Task' })).toBeFocused()
    await page.keyboard.press('End')
    await page.keyboard.type(' (edited)')
    await page.keyboard.press('Enter')
    await expect(dialog).toBeHidden()
    await expect(row(page, 'Typed task (edited)')).toBeVisible()
    await expect(edit).toBeFocused()

    await page.keyboard.press('Tab')
    await page.keyboard.press('Enter')
    await expect(taskRows(page)).toHaveCount(0)
  })
})
