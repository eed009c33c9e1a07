import '@testing-library/jest-dom/vitest'
import { cleanup } from '@testing-library/react'
import { setupServer } from 'msw/node'
import { afterEach } from 'vitest'
import { loadReorderKit } from '../src/features/tasks/ui/list/useReorderKit'
import { loadTaskRows } from '../src/features/tasks/ui/useTaskRows'
import { warmDueParser } from './support/warm'
import { createIdentityToolkitHandlers } from './support/identityToolkit'

// The Auth client captures `fetch` when it is imported, so MSW must patch it before any
// test file loads: at the top level here, not in beforeAll.
export const identityToolkit = createIdentityToolkitHandlers()
export const server = setupServer(...identityToolkit.handlers)
server.listen({ onUnhandledFrame: 'error' })
// jsdom has HTMLDialogElement but none of its behaviour. This gives it the two methods
// the app calls, with the browser's observable effects (the open attribute, the close
// event); focus trapping and Escape are checked in a real browser by the e2e suite.
if (typeof HTMLDialogElement !== 'undefined' && !('showModal' in HTMLDialogElement.prototype)) {
  Object.assign(HTMLDialogElement.prototype, {
    showModal(this: HTMLDialogElement) {
      this.setAttribute('open', '')
    },
    show(this: HTMLDialogElement) {
      this.setAttribute('open', '')
    },
    close(this: HTMLDialogElement) {
      if (!this.hasAttribute('open')) return
      this.removeAttribute('open')
      this.dispatchEvent(new Event('close'))
    },
  })
  Object.defineProperty(HTMLDialogElement.prototype, 'open', {
    get(this: HTMLDialogElement) {
      return this.hasAttribute('open')
    },
    configurable: true,
  })
}

// jsdom lays nothing out, so there is nothing to scroll: the browser's call does nothing here.
if (typeof Element !== 'undefined') {
  const elements: Partial<Element> = Element.prototype
  elements.scrollIntoView ??= () => undefined
}

// The rows' code and their drag library (chunks of their own) are in before any list is drawn,
// as they are in the app before the tasks come, so no test's rows are drawn anew under them.
await Promise.all([loadTaskRows(), loadReorderKit()])
// The due-date parser too (chrono's English, a chunk of its own in the app, loaded as a person
// starts typing), having read a date once: chrono builds its patterns on first use. Loaded and
// built in a test, it took seconds of a test's limit on a busy machine.
await warmDueParser()

afterEach(() => {
  server.resetHandlers()
  cleanup()
  sessionStorage.clear()
  localStorage.clear()
})
