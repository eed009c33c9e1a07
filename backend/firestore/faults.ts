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
 * Rules are tried in order for each RPC request (never for CORS preflights or admin calls).
 * A matching rule adds its delay; the first matching rule with a failure decides the outcome
 * (later failure rules are not consumed). `times` counts the requests a rule matched.
 */
import { invalidArgument } from './errors'

export type RpcKind = 'runQuery' | 'runAggregationQuery' | 'commit' | 'batchGet'
export const RPC_KINDS: readonly RpcKind[] = [
  'runQuery',
  'runAggregationQuery',
  'commit',
  'batchGet',
]

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
  /** Only requests for which this returns true (not available over HTTP). */
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

/** A rule as listed (JSON-safe). */
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

/** Validates a rule, which may come from JSON (the admin API): every field is checked. */
function checkRule(rule: unknown): asserts rule is FaultRule {
  if (typeof rule !== 'object' || rule === null)
    throw invalidArgument('a fault rule must be an object')
  const {
    kinds,
    times,
    probability,
    delayMs,
    status,
    networkError,
    phase,
    bodyIncludes,
    message,
    when,
  } = rule as Partial<Record<keyof FaultRule, unknown>>
  const knownKind = (kind: unknown): boolean => RPC_KINDS.some((known) => known === kind)
  if (kinds !== undefined && (!Array.isArray(kinds) || !(kinds as unknown[]).every(knownKind))) {
    throw invalidArgument(`fault kinds must be some of ${RPC_KINDS.join(', ')}`)
  }
  if (times !== undefined && !(typeof times === 'number' && Number.isInteger(times) && times > 0)) {
    throw invalidArgument('fault times must be a positive integer')
  }
  if (
    probability !== undefined &&
    !(typeof probability === 'number' && probability >= 0 && probability <= 1)
  ) {
    throw invalidArgument('fault probability must be between 0 and 1')
  }
  if (
    delayMs !== undefined &&
    !(typeof delayMs === 'number' && delayMs >= 0 && Number.isFinite(delayMs))
  ) {
    throw invalidArgument('fault delayMs must be a non-negative number')
  }
  if (
    status !== undefined &&
    !(typeof status === 'number' && Number.isInteger(status) && status >= 400 && status <= 599)
  ) {
    throw invalidArgument('fault status must be an HTTP error status (400 to 599)')
  }
  if (networkError !== undefined && typeof networkError !== 'boolean') {
    throw invalidArgument('fault networkError must be a boolean')
  }
  if (status !== undefined && networkError === true) {
    throw invalidArgument('a fault has either a status or a networkError')
  }
  if (phase !== undefined && phase !== 'before' && phase !== 'after') {
    throw invalidArgument("fault phase must be 'before' or 'after'")
  }
  if (bodyIncludes !== undefined && typeof bodyIncludes !== 'string') {
    throw invalidArgument('fault bodyIncludes must be a string')
  }
  if (message !== undefined && typeof message !== 'string')
    throw invalidArgument('fault message must be a string')
  if (when !== undefined && typeof when !== 'function')
    throw invalidArgument('fault when must be a function')
  if (status === undefined && networkError !== true && delayMs === undefined) {
    throw invalidArgument('a fault needs a status, networkError: true or delayMs')
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
    const rules: unknown = config.rules ?? []
    if (!Array.isArray(rules)) throw invalidArgument('fault rules must be an array')
    const checked: FaultRule[] = []
    for (const rule of rules as unknown[]) {
      checkRule(rule)
      checked.push(rule)
    }
    const seed: unknown = config.seed
    if (seed !== undefined) {
      if (typeof seed !== 'number' || !Number.isInteger(seed))
        throw invalidArgument('fault seed must be an integer')
      this.seed(seed)
    }
    this.#rules = []
    return checked.map((rule) => this.add(rule))
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
