import { act, screen, within } from '@testing-library/react'
import { StrictMode } from 'react'
import { hydrateRoot, type Root } from 'react-dom/client'
import { Provider } from 'react-redux'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { appStarted } from '../../src/app/hooks'
import { App } from '../../src/app/App'
import { prerenderApp } from '../../src/app/prerender'
import { setupStore } from '../../src/app/store'
import { LAST_USER_KEY } from '../../src/services/browser/adapters'
import { createTestServices } from '../support/services'

/** The texts of the prerendered HTML's elements of class `name` (the ones CSS may hide). */
function textsOfClass(html: string, name: string): string[] {
  const page = document.createElement('div')
  page.innerHTML = html
  return [...page.querySelectorAll(`.${name}`)].map((element) => element.textContent)
}

let root: Root | undefined
afterEach(() => {
  act(() => root?.unmount())
  root = undefined
  document.body.replaceChildren()
})

/** The prerendered page hydrated as main.tsx does it: from the state the prerender drew. */
function hydratePrerender() {
  const container = document.createElement('div')
  container.innerHTML = prerenderApp()
  document.body.append(container)
  const store = setupStore(createTestServices().services)
  const initialState = store.getState()
  store.dispatch(appStarted())
  const recoverable = vi.fn()
  act(() => {
    root = hydrateRoot(
      container,
      <StrictMode>
        <Provider store={store} serverState={initialState}>
          <App />
        </Provider>
      </StrictMode>,
      { onRecoverableError: recoverable },
    )
  })
  return { recoverable }
}

describe('the prerendered first paint', () => {
  it('draws what a first-time visitor will go on seeing signed out, and beside it, for CSS to choose, what a remembered user sees', () => {
    const html = prerenderApp()
    expect(textsOfClass(html, 'if-forgotten')).toEqual([
      'Plese login to save tasks',
      'Login now',
      'No tasks have been added yet',
    ])
    expect(textsOfClass(html, 'if-remembered')).toEqual([
      'Checking sign-in…',
      'Loading your tasks…',
    ])
  })

  it('once hydrated on a device with a remembered user, draws only what they see', () => {
    localStorage.setItem(LAST_USER_KEY, 'ada@example.com')
    const { recoverable } = hydratePrerender()
    expect(recoverable).not.toHaveBeenCalled()
    const header = screen.getByRole('banner')
    expect(within(header).getAllByRole('status')[0]).toHaveTextContent(/^Checking sign-in…$/)
    expect(within(header).queryByRole('button', { name: 'Login now' })).not.toBeInTheDocument()
    expect(screen.getByText('Loading your tasks…')).toBeInTheDocument()
    expect(screen.queryByText('No tasks have been added yet')).not.toBeInTheDocument()
    expect(document.querySelector('.if-remembered, .if-forgotten')).toBeNull()
  })

  it('once hydrated on a device with nobody remembered, draws the signed-out page alone, on the prerendered button', () => {
    const { recoverable } = hydratePrerender()
    expect(recoverable).not.toHaveBeenCalled()
    const header = screen.getByRole('banner')
    expect(within(header).getAllByRole('status')[0]).toHaveTextContent(
      /^Plese login to save tasks$/,
    )
    expect(within(header).getByRole('button', { name: 'Login now' })).toHaveClass('primary', {
      exact: true,
    })
    expect(screen.queryByText('Checking sign-in…')).not.toBeInTheDocument()
    expect(screen.getByText('No tasks have been added yet')).toBeInTheDocument()
  })
})
