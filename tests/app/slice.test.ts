import { createAction } from '@reduxjs/toolkit'
import type { PayloadAction } from '@reduxjs/toolkit'
import { describe, expect, it } from 'vitest'
import { createSlice } from '../../src/app/slice'

const reset = createAction('test/reset')

const counter = createSlice({
  name: 'counter',
  initialState: { count: 0, label: 'start', tags: ['a'] },
  reducers: {
    counted(state, action: PayloadAction<number>) {
      state.count += action.payload
    },
    labelled(state, action: PayloadAction<string>) {
      state.label = action.payload
    },
    tagged(state, action: PayloadAction<string>) {
      state.tags.push(action.payload)
    },
    replaced() {
      return { count: 9, label: 'new', tags: [] }
    },
  },
  extraReducers: (builder) => {
    builder.addCase(reset, (state) => {
      state.count = 0
    })
  },
})
const { counted, labelled, tagged, replaced } = counter.actions

describe('createSlice without Immer', () => {
  it('makes action creators typed by their case reducers, named slice/case', () => {
    expect(counted(2)).toEqual({ type: 'counter/counted', payload: 2 })
    expect(counter.actions.replaced()).toEqual({ type: 'counter/replaced', payload: undefined })
  })

  it('reduces on a copy: the old state stays as it was', () => {
    const before = counter.reducer(undefined, { type: 'init' })
    const after = counter.reducer(before, counted(2))
    expect(after).toEqual({ count: 2, label: 'start', tags: ['a'] })
    expect(before.count).toBe(0)
  })

  it('returns the same state when no field changed, and for actions it does not handle', () => {
    const state = counter.reducer(undefined, labelled('x'))
    expect(counter.reducer(state, labelled('x'))).toBe(state)
    expect(counter.reducer(state, counted(0))).toBe(state)
    expect(counter.reducer(state, { type: 'other' })).toBe(state)
  })

  it('takes a returned state as the new one, and handles extra cases', () => {
    const state = counter.reducer(undefined, replaced())
    expect(state).toEqual({ count: 9, label: 'new', tags: [] })
    expect(counter.reducer(state, reset())).toEqual({ count: 0, label: 'new', tags: [] })
  })

  it('throws on a change to a nested object in development (states are frozen)', () => {
    const state = counter.reducer(undefined, { type: 'init' })
    expect(() => counter.reducer(state, tagged('b'))).toThrow(TypeError)
  })
})
