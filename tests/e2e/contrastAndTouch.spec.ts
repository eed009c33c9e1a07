import type { Page } from '@playwright/test'
import { addTasks, expect, row, signIn, taskInput, test } from './fixtures'

// Controls must stand out from what is around them (WCAG 1.4.11, 3:1; axe does not check it),
// and fingers need 44 × 44 px targets where the pointer is coarse. Measured here in the
// browser, light and dark, at 360 and 1280 px; the figures are printed for the record.

interface Measured {
  name: string
  ratio: number
}

/** Contrast ratios of the toggle ring, the input border and the focus ring, as drawn. */
function measureContrasts(page: Page): Promise<Measured[]> {
  return page.evaluate(() => {
    const rgb = (color: string) => {
      const parts = /rgba?\(([^)]+)\)/
        .exec(color)?.[1]
        ?.split(/[\s,/]+/)
        .map(Number)
      if (!parts || parts.length < 3) throw new Error(`Unreadable colour ${color}`)
      if (parts.length > 3 && (parts[3] ?? 1) < 1) throw new Error(`Translucent colour ${color}`)
      return parts.slice(0, 3)
    }
    const luminance = (color: string) => {
      const [r = 0, g = 0, b = 0] = rgb(color).map((value) => {
        const c = value / 255
        return c <= 0.03928 ? c / 12.92 : ((c + 0.055) / 1.055) ** 2.4
      })
      return 0.2126 * r + 0.7152 * g + 0.0722 * b
    }
    const ratio = (a: string, b: string) => {
      const [high, low] = [luminance(a), luminance(b)].sort((x, y) => y - x)
      return ((high ?? 0) + 0.05) / ((low ?? 0) + 0.05)
    }
    /** The first opaque background at or above `element`. */
    const backgroundOf = (element: Element | null): string => {
      for (let node = element; node; node = node.parentElement) {
        const color = getComputedStyle(node).backgroundColor
        if (!/rgba\(.*,\s*0\)|transparent/.test(color)) return color
      }
      return getComputedStyle(document.documentElement).backgroundColor
    }
    const toggle = document.querySelector('.task:not(.finished) .toggle')
    const input = document.querySelector('#new-task')
    if (!(toggle instanceof HTMLElement) || !(input instanceof HTMLElement)) {
      throw new Error('no toggle or input')
    }
    const ring = getComputedStyle(toggle, '::before')
    const results = [
      // The ring is drawn on the row, and filled with the row's colour.
      { name: 'toggle ring', ratio: ratio(ring.borderTopColor, backgroundOf(toggle)) },
      // The field's border against the page around it and the field inside it.
      {
        name: 'input border (outside)',
        ratio: ratio(getComputedStyle(input).borderTopColor, backgroundOf(input.parentElement)),
      },
      {
        name: 'input border (inside)',
        ratio: ratio(
          getComputedStyle(input).borderTopColor,
          getComputedStyle(input).backgroundColor,
        ),
      },
    ]
    // The focus ring, drawn 2 px outside each control, on what is behind it.
    for (const [name, element] of [
      ['focus ring on the toggle', toggle],
      ['focus ring on the input', input],
    ] as const) {
      element.focus({ focusVisible: true })
      const style = getComputedStyle(element)
      if (style.outlineStyle === 'none') throw new Error(`${name}: no outline`)
      results.push({ name, ratio: ratio(style.outlineColor, backgroundOf(element.parentElement)) })
    }
    return results.map(({ name, ratio: value }) => ({ name, ratio: Math.round(value * 100) / 100 }))
  })
}

/**
 * The size of each control's hit area, as elementFromPoint finds it at its edges: every
 * control the first row shows (Edit and Delete, or on a narrow screen the row's menu), the
 * form's and Log Out.
 */
function measureHitAreas(page: Page) {
  return page.evaluate(() => {
    const shown = (element: Element) => element.getClientRects().length > 0
    const rowControls = Array.from(document.querySelectorAll('.task')[0]?.children ?? [])
      .flatMap((child) =>
        child.matches('button') ? [child] : Array.from(child.querySelectorAll('button')),
      )
      .filter(shown)
      .map((button): [string, Element] => [button.getAttribute('title') ?? 'a row button', button])
    const controls: [string, Element | null][] = [
      ...rowControls,
      ['Add Task', document.querySelector('.task-form button')],
      ['input', document.querySelector('#new-task')],
      ['Log Out', document.querySelector('.avatar-button')],
    ]
    if (rowControls.length < 2) throw new Error('the row shows fewer than two controls')
    return controls.map(([name, element]) => {
      if (!element) throw new Error(`no ${name}`)
      const box = element.getBoundingClientRect()
      // The middle of each edge (a pixel in) and the centre reach the control: the box is its
      // hit area, rounded corners aside.
      const { left, right, top, bottom } = box
      const [midX, midY] = [(left + right) / 2, (top + bottom) / 2]
      const points = [
        [midX, top + 1],
        [midX, bottom - 1],
        [left + 1, midY],
        [right - 1, midY],
        [midX, midY],
      ]
      const reaches = points.every(([x = 0, y = 0]) => {
        const hit = document.elementFromPoint(x, y)
        return hit !== null && (hit === element || element.contains(hit))
      })
      return { name, width: Math.round(box.width), height: Math.round(box.height), reaches }
    })
  })
}

for (const colorScheme of ['light', 'dark'] as const) {
  for (const width of [360, 1280]) {
    test.describe(`${colorScheme}, ${String(width)} px`, () => {
      // No confetti over what is measured.
      test.use({ colorScheme, viewport: { width, height: 740 }, reducedMotion: 'reduce' })

      test('controls contrast at least 3:1 with what is around them', async ({
        signedIn: page,
      }) => {
        await addTasks(page, 'Open task', 'Finished task')
        await row(page, 'Finished task').getByRole('button', { name: 'Mark as complete' }).click()
        await expect(row(page, 'Finished task')).toHaveClass(/finished/)
        const contrasts = await measureContrasts(page)
        console.log(`contrast ${colorScheme} ${String(width)}px`, JSON.stringify(contrasts))
        expect(contrasts.map(({ name }) => name)).toHaveLength(5)
        for (const { name, ratio } of contrasts) {
          expect(ratio, name).toBeGreaterThanOrEqual(3)
        }
      })
    })

    test.describe(`${colorScheme}, ${String(width)} px, mouse`, () => {
      test.use({ colorScheme, viewport: { width, height: 740 } })

      test('targets are at least 24 × 24 px (WCAG 2.5.8)', async ({ signedIn: page }) => {
        await addTasks(page, 'A task')
        const areas = await measureHitAreas(page)
        console.log(`hit areas ${colorScheme} ${String(width)}px mouse`, JSON.stringify(areas))
        for (const { name, width: w, height: h, reaches } of areas) {
          expect(Math.min(w, h), name).toBeGreaterThanOrEqual(24)
          expect(reaches, name).toBe(true)
        }
      })
    })

    test.describe(`${colorScheme}, ${String(width)} px, touch`, () => {
      test.use({ colorScheme, viewport: { width, height: 740 }, hasTouch: true })

      test('touch targets are at least 44 × 44 px, every point of them', async ({
        page,
        person,
      }) => {
        await page.goto('./')
        expect(await page.evaluate(() => matchMedia('(pointer: coarse)').matches)).toBe(true)
        await signIn(page, person)
        await addTasks(page, 'A task with a name long enough to need a second line at 360 px')
        const areas = await measureHitAreas(page)
        console.log(`hit areas ${colorScheme} ${String(width)}px touch`, JSON.stringify(areas))
        for (const { name, width: w, height: h, reaches } of areas) {
          expect(w, name).toBeGreaterThanOrEqual(44)
          expect(h, name).toBeGreaterThanOrEqual(44)
          expect(reaches, name).toBe(true)
        }
        await expect(taskInput(page)).toBeFocused()
      })
    })
  }
}

for (const hasTouch of [false, true]) {
  test.describe(`at 360 × 740${hasTouch ? ', touch' : ''}`, () => {
    test.use({ viewport: { width: 360, height: 740 }, hasTouch })

    test('one line per short task: its actions beside the text, the toggle by its first line', async ({
      signedIn: page,
    }) => {
      await addTasks(
        page,
        ...Array.from({ length: 11 }, (_, i) => `Task ${String(i + 1)}`),
        'A longer task that needs more than one line at this narrow width',
      )
      // As the page first shows: scrolled to the top.
      await page.evaluate(() => {
        window.scrollTo(0, 0)
      })
      const layout = await page.evaluate(() =>
        Array.from(document.querySelectorAll('.task'), (item) => {
          const [toggle, ...others] = Array.from(item.querySelectorAll('button'))
            .filter((button) => button.getClientRects().length > 0)
            .map((button) => button.getBoundingClientRect())
          const text = item.querySelector('.task-text')
          const range = document.createRange()
          if (text?.firstChild) range.selectNodeContents(text.firstChild)
          const firstLine = range.getClientRects()[0]
          return {
            lines: new Set(Array.from(range.getClientRects(), (rect) => Math.round(rect.top))).size,
            sameRow:
              others.length > 0 &&
              others.every((box) => toggle && Math.abs(box.top - toggle.top) < 1),
            toggleCentre: toggle ? toggle.top + toggle.height / 2 : 0,
            firstLineCentre: firstLine ? firstLine.top + firstLine.height / 2 : 0,
            top: item.getBoundingClientRect().top,
            bottom: item.getBoundingClientRect().bottom,
          }
        }),
      )
      for (const item of layout) {
        expect(item.sameRow).toBe(true)
        expect(Math.abs(item.toggleCentre - item.firstLineCentre)).toBeLessThan(3)
      }
      expect(layout.slice(0, 11).map(({ lines }) => lines)).toEqual(Array(11).fill(1))
      expect(layout.at(-1)?.lines).toBeGreaterThan(1)
      const visible = layout.filter(({ top, bottom }) => top >= 0 && bottom <= 740).length
      console.log(
        `rows fully visible at 360 × 740${hasTouch ? ' (touch)' : ''}: ${String(visible)}`,
      )
      expect(visible).toBeGreaterThanOrEqual(8)
    })
  })
}

test('signed out at 360 px with touch: Login now is 44 px tall', async ({ browser }) => {
  const context = await browser.newContext({
    viewport: { width: 360, height: 740 },
    hasTouch: true,
  })
  const page = await context.newPage()
  await page.goto('./')
  const box = await page.getByRole('button', { name: 'Login now' }).boundingBox()
  expect(box?.height).toBeGreaterThanOrEqual(44)
  await context.close()
})
