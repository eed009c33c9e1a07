// Runs in the page (a Playwright init script, so before the app's own code), for both the app
// and the naive reference. It measures:
// - each armed click, its press (pointerdown) and its release (click) each from the event's
//   timeStamp (when the input reached the page) to the end of the next frame: a task posted
//   from requestAnimationFrame runs once that frame's style, layout and paint have run on the
//   main thread. This is what Event Timing's duration measures (to the next paint) without its
//   8 ms rounding and its 16 ms reporting threshold; its entries are kept as a cross-check;
// - the first render of the list: from the end of the response that carried the tasks to the
//   end of the frame that first shows the list.
export function installHarness() {
  const LIST = 'ul[aria-label="Tasks"]'
  const bench = {
    armed: null,
    results: [],
    waiting: [],
    events: [],
    load: null,
  }
  Object.defineProperty(window, '__bench', { value: bench })

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
    return {
      first: first?.querySelector('.task-text')?.textContent ?? null,
      size: Number(first?.getAttribute('aria-setsize')) || rows.length,
      rendered: rows.length,
      focused: focused?.querySelector('.task-text')?.textContent ?? null,
      dialogOpen: document.querySelector('dialog[open]') !== null,
    }
  }

  // The centre of a row's button, scrolled into view (a frame given to settle), with what the
  // list shows now: found with the DOM's own selectors, which cost the page little.
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
    return {
      x: rect.x + rect.width / 2,
      y: rect.y + rect.height / 2,
      text: row.querySelector('.task-text')?.textContent ?? null,
      ...probe(),
    }
  }

  bench.probe = probe
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
    { capture: true },
  )

  addEventListener(
    'click',
    (event) => {
      const armed = bench.armed
      if (!armed || !event.isTrusted) return
      bench.armed = null
      const pressed = press
      press = null
      const start = event.timeStamp
      const handlerStart = performance.now()
      let handlerEnd = null
      // After the app's own listeners and React's render (which runs in a microtask): those
      // of the click and, for a submit button, of the form's submit that follows it.
      const handled = () => {
        handlerEnd = performance.now()
      }
      addEventListener('click', handled, { once: true })
      addEventListener('submit', handled)
      afterNextPaint((frameStart) => {
        removeEventListener('submit', handled)
        const end = performance.now()
        bench.results.push({
          label: armed.label,
          start,
          pressStart: pressed?.start ?? start,
          press: pressed?.nextPaint ?? null,
          release: end - start,
          inputDelay: handlerStart - start,
          processing: handlerEnd === null ? null : handlerEnd - handlerStart,
          // The frame's own work: from its animation callbacks to its end.
          frame: end - frameStart,
          nextPaint: Math.max(end - start, pressed?.nextPaint ?? 0),
          probe: probe(),
        })
        const index = bench.results.length - 1
        for (const waiter of bench.waiting.filter((w) => w.index === index)) {
          waiter.resolve(bench.results[index])
        }
        bench.waiting = bench.waiting.filter((w) => w.index !== index)
      })
    },
    { capture: true },
  )

  try {
    new PerformanceObserver((entries) => {
      for (const entry of entries.getEntries()) {
        bench.events.push({
          name: entry.name,
          startTime: entry.startTime,
          duration: entry.duration,
        })
      }
    }).observe({ type: 'event', durationThreshold: 16, buffered: true })
  } catch {
    // No Event Timing: the cross-check stays empty.
  }

  const watchList = new MutationObserver(() => {
    if (!document.querySelector(LIST)) return
    watchList.disconnect()
    const committed = performance.now()
    afterNextPaint(() => {
      const painted = performance.now()
      const data = performance
        .getEntriesByType('resource')
        .filter((entry) => /:runQuery|tasks\.json/.test(entry.name))
        .at(-1)
      bench.load = {
        dataReceived: data ? data.responseEnd : null,
        committed,
        painted,
        rows: probe().size,
      }
    })
  })
  watchList.observe(document, { childList: true, subtree: true })
}
