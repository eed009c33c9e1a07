import {
  createAction,
  type Action,
  type PayloadAction,
  type PayloadActionCreator,
  type UnknownAction,
} from '@reduxjs/toolkit'

// A case reducer sets fields of its copy (and returns nothing) or returns the new state.
// eslint-disable-next-line @typescript-eslint/no-explicit-any, @typescript-eslint/no-invalid-void-type -- as in Toolkit
type CaseReducer<S, A extends Action = PayloadAction<any>> = (state: S, action: A) => S | void

type ActionCreatorFor<R, T extends string> = R extends (state: never, action: infer A) => unknown
  ? A extends { payload: infer P }
    ? PayloadActionCreator<P, T>
    : PayloadActionCreator<void, T>
  : never

interface CaseBuilder<S> {
  addCase<C extends ((...args: never[]) => Action) & { type: string }>(
    creator: C,
    reducer: CaseReducer<S, ReturnType<C>>,
  ): CaseBuilder<S>
}

const freezeDeep = <T>(value: T): T => {
  if (typeof value === 'object' && value !== null && !Object.isFrozen(value)) {
    Object.freeze(value)
    for (const child of Object.values(value)) freezeDeep(child)
  }
  return value
}

/**
 * Redux Toolkit's `createSlice` for this app's small, flat slices, without Immer: a case
 * reducer gets a shallow copy of the state, sets its top-level fields (or returns a new
 * state), and a state whose fields all stay the same is returned unchanged. Immer and the
 * parts of Toolkit that need it (createSlice, createReducer, createEntityAdapter, reselect)
 * were about 6 kB (gzip) of a JavaScript budget with none to spare. Nested objects are
 * replaced, never changed: in development every state is frozen, so a nested change throws.
 */
export function createSlice<
  S extends object,
  Name extends string,
  R extends Record<string, CaseReducer<S>>,
>(options: {
  name: Name
  initialState: S
  reducers: R
  extraReducers?: (builder: CaseBuilder<S>) => void
}) {
  const cases = new Map<string, CaseReducer<S, UnknownAction>>()
  const actions: Record<string, unknown> = {}
  for (const [key, caseReducer] of Object.entries(options.reducers)) {
    const type = `${options.name}/${key}`
    actions[key] = createAction(type)
    cases.set(type, caseReducer as CaseReducer<S, UnknownAction>)
  }
  const builder: CaseBuilder<S> = {
    addCase(creator, caseReducer) {
      cases.set(creator.type, caseReducer as CaseReducer<S, UnknownAction>)
      return builder
    },
  }
  options.extraReducers?.(builder)
  const initialState = import.meta.env.DEV ? freezeDeep(options.initialState) : options.initialState

  const reducer = (state: S = initialState, action: UnknownAction): S => {
    const caseReducer = cases.get(action.type)
    if (caseReducer === undefined) return state
    const draft = { ...state }
    const next = caseReducer(draft, action) ?? draft
    const changed =
      next !== draft ||
      Object.keys(next).some((key) => !Object.is(next[key as keyof S], state[key as keyof S]))
    if (!changed) return state
    return import.meta.env.DEV ? freezeDeep(next) : next
  }

  return {
    name: options.name,
    reducer,
    actions: actions as { [K in keyof R & string]: ActionCreatorFor<R[K], `${Name}/${K}`> },
  }
}
