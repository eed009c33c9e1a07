import { describe, expect, it } from 'vitest'
import { previewImport } from '../../../../src/features/account/formats/preview'
import { storedTask } from '../../../support/store'

describe('previewImport', () => {
  it('adds what the app’s rules take, and counts what it leaves out and why', () => {
    const existing = [storedTask('a', false, 0, 'Buy oat milk')]
    const preview = previewImport(
      [
        { text: '  Plant the bulbs  ', finished: false },
        { text: 'Rake the\nleaves', finished: true },
        { text: '   ', finished: false },
        { text: '\u200B\u3164', finished: false },
        { text: 'x'.repeat(1001), finished: false },
        { text: 'Buy oat milk', finished: true },
        { text: 'Return the books', finished: false, deleted: true },
        { text: 'y'.repeat(1000), finished: false },
      ],
      existing,
    )
    expect(preview).toEqual({
      tasks: [
        { text: 'Plant the bulbs', finished: false },
        { text: 'Rake the leaves', finished: true },
        { text: 'y'.repeat(1000), finished: false },
      ],
      finished: 1,
      skipped: { empty: 2, tooLong: 1, duplicate: 1, deleted: 1 },
    })
  })
})
