// Runs in the app's page after harness.js (a Playwright init script, so before the app's own
// code): the app's actions, as Redux DevTools would see them. The app, built with
// VITE_REDUX_DEVTOOLS=true, hands its store's enhancers to
// `__REDUX_DEVTOOLS_EXTENSION_COMPOSE__`, which this defines in place of the extension. It
// times each action in the root reducer: a listener effect dispatches through the middleware's
// own dispatch, which a wrapper of `store.dispatch` would not see.
export function installActions() {
  const bench = window.__bench
  const waiters = new Set()
  const afterNextPaint = (callback) => {
    requestAnimationFrame(() => {
      const channel = new MessageChannel()
      channel.port1.onmessage = callback
      channel.port2.postMessage(null)
    })
  }

  const onAction = (action, start, end) => {
    const payload = action.payload
    const entry = { type: action.type, start, end }
    if (action.type === 'tasks/tasksSnapshotReceived') {
      entry.fromCache = payload.fromCache
      entry.pending = payload.hasPendingWrites
      entry.updates = payload.updates.length
    }
    if (action.type === 'auth/authStateChanged') entry.signedIn = Boolean(payload)
    bench.actions.push(entry)
    for (const waiter of waiters) waiter(action, entry)
  }
  const timedReducer = (reducer) => (state, action) => {
    const start = performance.now()
    const next = reducer(state, action)
    onAction(action, start, performance.now())
    return next
  }
  const composeEnhancers =
    (...enhancers) =>
    (createStore) =>
    (reducer, preloadedState) => {
      const create = enhancers.reduceRight((inner, enhancer) => enhancer(inner), createStore)
      const store = create(timedReducer(reducer), preloadedState)
      // The real store, for the long lists fed without the Listen channel (scale.mjs).
      bench.store = store
      return { ...store, replaceReducer: (next) => store.replaceReducer(timedReducer(next)) }
    }
  // Called with the DevTools' options (as Redux Toolkit does), or with the enhancers themselves.
  window.__REDUX_DEVTOOLS_EXTENSION_COMPOSE__ = (...args) =>
    args.length === 1 && typeof args[0] === 'object' ? composeEnhancers : composeEnhancers(...args)

  /**
   * When the first snapshot without pending writes came after a click made at `since`: the
   * server's acknowledgement (a delete, gone from the view at once, has none of its own: then
   * the snapshot the emulator's resend brings), or null if none yet.
   */
  bench.saved = (since) =>
    bench.actions.find(
      (a) => a.type === 'tasks/tasksSnapshotReceived' && a.start > since && !a.pending,
    )?.start ?? null
  /**
   * The list the task `id` names (null: My tasks), as the store holds it (the state Redux
   * DevTools shows: the task table's buckets, src/features/tasks/model/taskTable.ts), or
   * undefined for no such task.
   */
  bench.listOfTask = (id) => {
    const buckets = Object.values(bench.store.getState().tasks.table)
    const bucket = buckets.find((b) => Object.hasOwn(b, id))
    return bucket === undefined ? undefined : bucket[id].list
  }
  /**
   * Resolves once the main thread has been free for `ms`: no 10 ms timer fired over 20 ms late
   * (the SDK takes in a resend in many short tasks, too short for the Long Tasks API to see).
   */
  bench.quiet = (ms) =>
    new Promise((resolve) => {
      let quietSince = performance.now()
      let due = quietSince + 10
      const tick = () => {
        const now = performance.now()
        if (now - due > 20) quietSince = now
        if (now - quietSince >= ms) resolve(now)
        else {
          due = now + 10
          setTimeout(tick, 10)
        }
      }
      setTimeout(tick, 10)
    })

  /**
   * The next action `matches` accepts: when its reducer began, and the end of the frame after.
   * Marks both (`bench:<name>-dispatched`, `bench:<name>-painted`) for a trace to find.
   */
  bench.awaitAction = (matches, name) =>
    new Promise((resolve) => {
      const waiter = (action, entry) => {
        if (!matches(action)) return
        waiters.delete(waiter)
        performance.mark(`bench:${name}-dispatched`, { startTime: entry.start })
        afterNextPaint(() => {
          const painted = performance.mark(`bench:${name}-painted`).startTime
          resolve({ dispatched: entry.start, painted })
        })
      }
      waiters.add(waiter)
    })
}
