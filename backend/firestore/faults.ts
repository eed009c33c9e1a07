/**
 * Fault injection for tests: make chosen RPCs fail with a status, drop the connection, or
 * answer late; for the next N matching requests, for all of them, or at a seeded random rate.
 *
 * ```ts
 * backend.faults.add({ kinds: ['commit'], status: 503, times: 1 }) // next commit: unavailable
 * backend.faults.add({ networkError: true })                       // every RPC: network error
 * backend.faults.set({ seed: 42, rules: [{ probability: 0.2, status: 503 }] })
 * backend.faults.add({ kinds: ['commit'], phase: 'after', networkError: true, times: 1 })
 *   // the write is stored, but the client never hears back
 * backend.faults.clear()
 * ```
 *
 * Rules are tried in order for each RPC request (never for CORS preflights or the health check).
 * A matching rule adds its delay; the first matching rule with a failure decides the outcome
 * (later failure rules are not consumed). `times` counts the requests a rule matched.
 */
export type RpcKind = 'runQuery' | 'commit' | 'batchGet'

/** What a rule's predicate sees of a request. */
export interface FaultRequestInfo {
  kind: RpcKind
  project: string
  method: string
  url: string
  /** The raw request body. */
  body: string
}

export interface FaultRule {
  /** The RPCs it applies to; all when omitted. */
  kinds?: readonly RpcKind[]
  /** Only requests whose raw body contains this text (e.g. a document id). */
  bodyIncludes?: string
  /** Only requests for which this returns true. */
  when?: (request: FaultRequestInfo) => boolean
  /** Affect this many matching requests, then retire; forever when omitted. */
  times?: number
  /** Affect a matching request with this probability (0 to 1), from the seeded generator. */
  probability?: number
  /** Added latency in milliseconds. */
  delayMs?: number
  /** Answer with this HTTP status (400 to 599) and a Google error body. */
  status?: number
  /** The error message (default: a note that the fault was injected). */
  message?: string
  /** Drop the connection: the client sees a network error. */
  networkError?: boolean
  /**
   * `'before'` (default): fail without touching the data. `'after'`: process the request
   * (a commit is applied) and then fail the response: an ambiguous failure.
   */
  phase?: 'before' | 'after'
}

export interface FaultConfig {
  /** Reseeds the random generator (used by `probability`). */
  seed?: number
  /** Replaces all rules. */
  rules?: readonly FaultRule[]
}

/** A rule as listed. */
export interface FaultRuleInfo extends Omit<FaultRule, 'when'> {
  id: string
  /** Matching requests left before it retires (undefined: unlimited). */
  remaining: number | undefined
  hasPredicate: boolean
}

export type FaultFailure =
  | { kind: 'status'; status: number; message: string; phase: 'before' | 'after' }
  | { kind: 'network'; phase: 'before' | 'after' }

export interface FaultDecision {
  delayMs: number
  failure: FaultFailure | undefined
  /** Ids of the rules that matched. */
  matched: string[]
}

interface ActiveRule {
  id: string
  rule: FaultRule
  remaining: number | undefined
}

/** mulberry32: small, fast, good enough for test randomness. The same seed, the same run. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0
  return () => {
    state = (state + 0x6d2b79f5) >>> 0
    let t = state
    t = Math.imul(t ^ (t >>> 15), t | 1)
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61)
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296
  }
}

function checkRule(rule: FaultRule): void {
  if (rule.status === undefined && rule.networkError !== true && rule.delayMs === undefined) {
    throw new TypeError('A fault needs a status, networkError: true or delayMs.')
  }
  if (rule.status !== undefined && (rule.status < 400 || rule.status > 599)) {
    throw new TypeError('A fault status is an HTTP error status, 400 to 599.')
  }
}

export class FaultController {
  #rules: ActiveRule[] = []
  #random: () => number
  #nextId = 1

  constructor(seed = 1) {
    this.#random = seededRandom(seed)
  }

  /** Replaces the rules (and reseeds, when a seed is given). Returns the new rules' ids. */
  set(config: FaultConfig): string[] {
    if (config.seed !== undefined) this.seed(config.seed)
    this.#rules = []
    return (config.rules ?? []).map((rule) => this.add(rule))
  }

  /** Adds a rule after the existing ones; returns its id. */
  add(rule: FaultRule): string {
    checkRule(rule)
    const id = `fault-${this.#nextId++}`
    this.#rules.push({ id, rule: { ...rule }, remaining: rule.times })
    return id
  }

  /** Fails the next `count` RPCs (of the given kinds) with `status` (default 503). */
  failNext(count: number, status = 503, kinds?: readonly RpcKind[]): string {
    return this.add({ times: count, status, ...(kinds ? { kinds } : {}) })
  }

  remove(id: string): boolean {
    const before = this.#rules.length
    this.#rules = this.#rules.filter((active) => active.id !== id)
    return this.#rules.length !== before
  }

  clear(): void {
    this.#rules = []
  }

  seed(seed: number): void {
    this.#random = seededRandom(seed)
  }

  list(): FaultRuleInfo[] {
    return this.#rules.map(({ id, rule, remaining }) => {
      const { when, ...rest } = rule
      return { ...rest, id, remaining, hasPredicate: when !== undefined }
    })
  }

  /** Decides what happens to one RPC request, consuming matched rules' `times`. */
  decide(request: FaultRequestInfo): FaultDecision {
    let delayMs = 0
    let failure: FaultFailure | undefined
    const matched: string[] = []
    for (const active of [...this.#rules]) {
      const { rule } = active
      const failing = rule.status !== undefined || rule.networkError === true
      if (failing && failure) continue
      if (rule.kinds && !rule.kinds.includes(request.kind)) continue
      if (rule.bodyIncludes !== undefined && !request.body.includes(rule.bodyIncludes)) continue
      if (rule.when && !rule.when(request)) continue
      if (rule.probability !== undefined && this.#random() >= rule.probability) continue
      matched.push(active.id)
      if (active.remaining !== undefined) {
        active.remaining -= 1
        if (active.remaining <= 0) this.remove(active.id)
      }
      delayMs += rule.delayMs ?? 0
      const phase = rule.phase ?? 'before'
      if (rule.networkError === true) failure = { kind: 'network', phase }
      else if (rule.status !== undefined) {
        failure = {
          kind: 'status',
          status: rule.status,
          message: rule.message ?? `Injected fault: HTTP ${rule.status}`,
          phase,
        }
      }
    }
    return { delayMs, failure, matched }
  }
}
