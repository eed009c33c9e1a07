// Runs in the page (a Playwright init script, so before the page's own code), for the app and
// the naive reference. It measures:
// - each armed click: its press (pointerdown) and its release (click), each from the event's
//   timeStamp (when the input reached the page) to the end of the next frame: a task posted
//   from requestAnimationFrame runs once that frame's style, layout and paint have run on the
//   main thread. This is Event Timing's duration (to the next paint) without its 8 ms rounding
//   and 16 ms threshold; its entries are kept as a cross-check;
// - the first render of the list: the end of the frame that first shows it, with the app's
//   actions that led to it (actions.js records them).
// It also stands in for navigator.onLine (below). A key is timed as a click's release is.
export function installHarness() {
  const LIST = 'ul[aria-label="Tasks"]'
  const bench = { armed: null, results: [], waiting: [], events: [], actions: [], load: null }
  Object.defineProperty(window, '__bench', { value: bench })
  // In a network namespace with loopback only (how the bench is best run), Chromium says it is
  // offline; the emulators are on loopback, so the page is told the truth: it is online.
  if (!navigator.onLine) {
    Object.defineProperty(Navigator.prototype, 'onLine', { configurable: true, get: () => true })
  }

  const afterNextPaint = (callback) => {
    requestAnimationFrame(() => {
      const frameStart = performance.now()
      const channel = new MessageChannel()
      channel.port1.onmessage = () => {
        callback(frameStart)
      }
      channel.port2.postMessage(null)
    })
  }

  // What the frame showed, to check the interaction really happened before that paint.
  const probe = () => {
    const list = document.querySelector(LIST)
    const rows = list ? list.querySelectorAll(':scope > li.task') : []
    const first = rows[0]
    const focused = document.activeElement?.closest?.('li.task')
    const drawn = Array.from(rows)
    return {
      focusedAt: focused
        ? Number(focused.getAttribute('aria-posinset')) || drawn.indexOf(focused) + 1
        : null,
      first: first?.querySelector('.task-text')?.textContent ?? null,
      firstId: first?.dataset.taskId ?? null,
      size: Number(first?.getAttribute('aria-setsize')) || rows.length,
      focused: focused?.querySelector('.task-text')?.textContent ?? null,
    }
  }
  bench.probe = probe

  // The centre of a row's button ('first' or 'last' row), scrolled into view (a frame given to
  // settle), with what the list shows now.
  bench.target = async (which, button) => {
    const find = () => {
      const rows = document.querySelectorAll(`${LIST} > li.task`)
      const row = which === 'last' ? rows[rows.length - 1] : rows[0]
      return { row, element: row?.querySelector(button) }
    }
    find().element?.scrollIntoView({ block: 'nearest' })
    await new Promise((resolve) => requestAnimationFrame(() => requestAnimationFrame(resolve)))
    const { row, element } = find()
    if (!element) return null
    const rect = element.getBoundingClientRect()
    const text = row.querySelector('.task-text')?.textContent ?? null
    return { x: rect.x + rect.width / 2, y: rect.y + rect.height / 2, text, ...probe() }
  }

  // From `start` to the end of the first frame showing other than `size` rows (a render that
  // follows the input's own frame, as Find's filtered list does).
  bench.untilRows = (size, start) =>
    new Promise((resolve) => {
      const look = () => {
        if (probe().size === size) requestAnimationFrame(look)
        else afterNextPaint(() => resolve(performance.now() - start))
      }
      requestAnimationFrame(look)
    })

  // From `start` to the end of the first frame where `selector` no longer reads `text` (the
  // date hint, rendered deferred after the keystroke's own frame).
  bench.untilText = (selector, text, start) =>
    new Promise((resolve) => {
      const look = () => {
        if (document.querySelector(selector)?.textContent === text) requestAnimationFrame(look)
        else afterNextPaint(() => resolve(performance.now() - start))
      }
      requestAnimationFrame(look)
    })

  bench.arm = (label) => {
    bench.armed = { label }
  }
  bench.result = (index) =>
    new Promise((resolve) => {
      if (bench.results[index]) resolve(bench.results[index])
      else bench.waiting.push({ index, resolve })
    })

  // A click is two inputs: the press (pointerdown: focus moves) and the release (click: the
  // app acts). Each is timed to its next paint; the interaction takes the longer, as INP does.
  let press = null
  const capture = { capture: true }
  addEventListener(
    'pointerdown',
    (event) => {
      if (!bench.armed || !event.isTrusted) return
      const timing = { start: event.timeStamp, nextPaint: null }
      press = timing
      afterNextPaint(() => {
        timing.nextPaint = performance.now() - timing.start
      })
    },
    capture,
  )
  const record = (armed, start, pressed, handlerStart, handled) => {
    afterNextPaint(() => {
      const end = performance.now()
      bench.results.push({
        label: armed.label,
        start,
        pressStart: pressed?.start ?? start,
        press: pressed?.nextPaint ?? null,
        release: end - start,
        inputDelay: handlerStart - start,
        processing: handled() === null ? null : handled() - handlerStart,
        nextPaint: Math.max(end - start, pressed?.nextPaint ?? 0),
        probe: probe(),
      })
      const index = bench.results.length - 1
      for (const waiter of bench.waiting.filter((w) => w.index === index)) {
        waiter.resolve(bench.results[index])
      }
      bench.waiting = bench.waiting.filter((w) => w.index !== index)
    })
  }
  addEventListener(
    'click',
    (event) => {
      const armed = bench.armed
      if (!armed || !event.isTrusted) return
      bench.armed = null
      const pressed = press
      press = null
      const handlerStart = performance.now()
      let handlerEnd = null
      // After the app's own listeners and React's render (which runs in a microtask): those
      // of the click and, for a submit button, of the form's submit that follows it, or for a
      // link to another list, of the hashchange that follows it (if before the end of the frame).
      const handled = () => {
        handlerEnd = performance.now()
      }
      addEventListener('click', handled, { once: true })
      addEventListener('submit', handled)
      addEventListener('hashchange', handled)
      record(armed, event.timeStamp, pressed, handlerStart, () => {
        removeEventListener('submit', handled)
        removeEventListener('hashchange', handled)
        return handlerEnd
      })
    },
    capture,
  )
  // A key (Alt+ArrowDown on a row, a character typed in a field): from its keydown, the
  // modifier's own keydown aside, to the end of the next frame.
  addEventListener(
    'keydown',
    (event) => {
      const armed = bench.armed
      if (!armed || !event.isTrusted || ['Alt', 'Shift', 'Control', 'Meta'].includes(event.key)) {
        return
      }
      bench.armed = null
      const handlerStart = performance.now()
      let handlerEnd = null
      const handled = () => {
        handlerEnd = performance.now()
      }
      addEventListener('keydown', handled, { once: true })
      addEventListener('input', handled, { once: true })
      record(armed, event.timeStamp, null, handlerStart, () => {
        removeEventListener('keydown', handled)
        removeEventListener('input', handled)
        return handlerEnd
      })
    },
    capture,
  )

  try {
    new PerformanceObserver((entries) => {
      for (const { name, startTime, duration } of entries.getEntries()) {
        bench.events.push({ name, startTime, duration })
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true })
  } catch {
    // No Event Timing: the cross-check stays empty.
  }

  // The first frame that shows the list, with what led to it (times from navigation start).
  const watchList = new MutationObserver(() => {
    if (!document.querySelector(LIST)) return
    watchList.disconnect()
    afterNextPaint(() => {
      const painted = performance.now()
      const snapshot = bench.actions.find((a) => a.type === 'tasks/tasksSnapshotReceived')
      const signedIn = bench.actions.find((a) => a.type === 'auth/authStateChanged' && a.signedIn)
      const fcp = performance.getEntriesByName('first-contentful-paint')[0]
      bench.load = {
        painted,
        rows: probe().size,
        snapshot: snapshot ?? null,
        signedIn: signedIn?.start ?? null,
        firstContentfulPaint: fcp?.startTime ?? null,
      }
    })
  })
  watchList.observe(document, { childList: true, subtree: true })
}
