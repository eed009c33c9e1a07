/**
 * jsdom has no popover API. This gives it what the row menu uses, with the browser's observable
 * effects: showPopover, hidePopover and togglePopover fire `beforetoggle` at once and `toggle`
 * after (the browser queues it; here a microtask), each with oldState and newState, and a
 * click on a button with `popovertarget` toggles its popover. Light dismiss and placement are
 * checked in a real browser (tests/e2e). Returns the function that takes it away again.
 */
export function installPopover(): () => void {
  const open = new WeakSet<HTMLElement>()
  const fire = (element: HTMLElement, type: string, newState: 'open' | 'closed') => {
    const oldState = newState === 'open' ? 'closed' : 'open'
    element.dispatchEvent(Object.assign(new Event(type), { oldState, newState }))
  }
  const change = (element: HTMLElement, newState: 'open' | 'closed') => {
    if (open.has(element) === (newState === 'open')) return
    fire(element, 'beforetoggle', newState)
    // jsdom's style sheet hides every [popover] (it knows no :popover-open): shown, it shows.
    if (newState === 'open') open.add(element)
    else open.delete(element)
    element.style.display = newState === 'open' ? 'block' : ''
    queueMicrotask(() => {
      fire(element, 'toggle', newState)
    })
  }
  const methods = {
    showPopover(this: HTMLElement) {
      change(this, 'open')
    },
    hidePopover(this: HTMLElement) {
      change(this, 'closed')
    },
    togglePopover(this: HTMLElement) {
      change(this, open.has(this) ? 'closed' : 'open')
      return open.has(this)
    },
  }
  Object.assign(HTMLElement.prototype, methods)
  const invoke = (event: MouseEvent) => {
    const button = (event.target as Element | null)?.closest('button[popovertarget]')
    const target = document.getElementById(button?.getAttribute('popovertarget') ?? '')
    if (target) methods.togglePopover.call(target)
  }
  document.addEventListener('click', invoke)
  return () => {
    document.removeEventListener('click', invoke)
    for (const name of Object.keys(methods)) Reflect.deleteProperty(HTMLElement.prototype, name)
  }
}
