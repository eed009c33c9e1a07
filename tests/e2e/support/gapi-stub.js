/*
 * Offline stand-in for Google's loader https://apis.google.com/js/api.js ("gapi"), e2e tests only.
 *
 * Why it exists: signInWithPopup(..., browserPopupRedirectResolver) loads api.js to get
 * gapi.iframes, an RPC channel to a hidden helper iframe; against the Auth emulator that iframe
 * (http://127.0.0.1:9099/emulator/auth/iframe) loads api.js too. With no network the script fails
 * and signInWithPopup rejects at once with auth/internal-error. offline-google.ts serves this file
 * for api.js in every frame. It covers only what those two callers use:
 *   gapi.load(name, callback | {callback}), gapi.iframes.Iframe / CROSS_ORIGIN_IFRAMES_FILTER,
 *   getContext().open(options, cb) (page side) and getContext().getParentIframe() (iframe side),
 *   each giving a handle with register(name, handler), send(name, args, cb), ping(cb), restyle(),
 *   getIframeEl(); then it calls the ?onload= callback named in the script URL and gapi_onload.
 * Wire format (postMessage, tagged with `gapiStub` so the emulator's own messages pass by):
 *   iframe -> page {gapiStub:'hello'}, page -> iframe {gapiStub:'ready'}; sends queue until then.
 *   {gapiStub:'call', id, name, args} runs the peer's handler for `name` (held until registered);
 *   {gapiStub:'reply', id, result} calls that send's callback with [result].
 */
;(() => {
  'use strict'
  const script = document.currentScript
  let nextId = 1

  class Iframe {
    constructor(getPeer, el) {
      Object.assign(this, { getPeer, el, ready: false, outbox: [], waiters: [], held: [] })
      this.handlers = new Map()
      this.callbacks = new Map()
      window.addEventListener('message', (e) => this.receive(e))
      if (!el) this.post({ gapiStub: 'hello' }) // iframe side: announce ourselves to the page
    }
    post(msg) {
      this.getPeer().postMessage(msg, '*')
    }
    receive({ data: msg, source }) {
      if (!msg || typeof msg.gapiStub !== 'string' || source !== this.getPeer()) return
      if (msg.gapiStub === 'hello') this.post({ gapiStub: 'ready' })
      if (msg.gapiStub === 'hello' || msg.gapiStub === 'ready') {
        this.ready = true
        this.outbox.splice(0).forEach((m) => this.post(m))
        this.waiters.splice(0).forEach((resolve) => resolve([]))
      }
      if (msg.gapiStub === 'call') this.handlers.has(msg.name) ? this.run(msg) : this.held.push(msg)
      if (msg.gapiStub === 'reply' && this.callbacks.has(msg.id)) {
        const cb = this.callbacks.get(msg.id)
        this.callbacks.delete(msg.id)
        try {
          cb([msg.result])
        } catch {
          // The Auth SDK's webStorageSupport callback throws after using the answer; gapi ignores it.
        }
      }
    }
    run({ id, name, args }) {
      Promise.resolve()
        .then(() => this.handlers.get(name)(args))
        .catch(() => undefined)
        .then((result) => this.post({ gapiStub: 'reply', id, result }))
    }
    register(name, handler) {
      this.handlers.set(name, handler)
      const held = this.held.splice(0)
      held.forEach((m) => (m.name === name ? this.run(m) : this.held.push(m)))
    }
    send(name, args, cb) {
      const msg = { gapiStub: 'call', id: nextId++, name, args }
      if (cb) this.callbacks.set(msg.id, cb)
      this.ready ? this.post(msg) : this.outbox.push(msg)
    }
    ping(cb) {
      const pong = new Promise((resolve) => (this.ready ? resolve([]) : this.waiters.push(resolve)))
      return pong.then((r) => (cb && cb(r), r))
    }
    restyle() {
      return Promise.resolve()
    }
    getIframeEl() {
      return this.el
    }
  }

  let parentIframe = null
  const context = {
    open(options, cb) {
      const el = document.createElement('iframe')
      for (const [k, v] of Object.entries(options.attributes || {})) {
        k === 'style' ? Object.assign(el.style, v) : el.setAttribute(k, v)
      }
      el.src = options.url
      const handle = new Iframe(() => el.contentWindow, el) // listen before the iframe can say hello
      ;(options.where || document.body).appendChild(el)
      return Promise.resolve(cb ? cb(handle) : handle)
    },
    getParentIframe() {
      return (parentIframe = parentIframe || new Iframe(() => window.parent, null))
    },
  }

  window.gapi = window.gapi || {
    load(_name, opts) {
      const cb = typeof opts === 'function' ? opts : opts && opts.callback
      setTimeout(() => cb && cb(), 0)
    },
    iframes: { Iframe, CROSS_ORIGIN_IFRAMES_FILTER: () => true, getContext: () => context },
  }

  const onload = script && new URL(script.src).searchParams.get('onload')
  setTimeout(() => {
    if (onload && typeof window[onload] === 'function') window[onload]()
    if (typeof window.gapi_onload === 'function') window.gapi_onload()
  }, 0)
})()
