import { describe, expect, it } from 'vitest'
import { parseImport } from '../../../../src/features/account/formats/parseImport'
import { previewImport } from '../../../../src/features/account/formats/preview'
import { fromTakeout } from '../../../../src/features/account/formats/takeout'
import type { FileTask, ImportFormat } from '../../../../src/features/account/formats/types'
import {
  notKeptItems,
  hiddenLine,
  unreadLinesText,
} from '../../../../src/features/account/importWords'
import { storedTask } from '../../../support/store'
import { fixture } from './fixtures'

const now = () => Promise.resolve()
const fileOf = (format: ImportFormat, tasks: FileTask[]) => ({ format, tasks, unreadLines: [] })

/** The person's list `name` in slot 4, holding the kettle. */
const kettleIn = (name: string) => ({
  existing: [{ ...storedTask('a', false, 0, 'Descale the kettle'), list: '4' }],
  yours: [{ id: '4', name, rank: 'a0', made: 'm' }],
})

async function previewOf(name: string, { existing, yours } = kettleIn('Home')) {
  const parsed = await parseImport(name, fixture(name), now)
  if (!parsed.ok) throw new Error(parsed.problem.kind)
  return { preview: await previewImport(parsed, existing, now, yours), format: parsed.format }
}

describe('previewImport', () => {
  it('adds what the app’s rules take, and counts what it leaves out and why', async () => {
    const existing = [storedTask('a', false, 0, 'Buy oat milk')]
    const tasks: FileTask[] = [
      { text: '  Plant the bulbs  ', finished: false },
      { text: 'Rake the\nleaves', finished: true },
      { text: '   ', finished: false },
      { text: '\u200B\u3164', finished: false },
      { text: 'x'.repeat(1001), finished: false },
      { text: 'Buy oat milk', finished: true },
      { text: 'Return the books', finished: false, deleted: true },
      { text: 'y'.repeat(1000), finished: false },
    ]
    const preview = await previewImport(fileOf('takeout', tasks), existing, now)
    // No list named: all go to My tasks, as before there were lists, and nothing new is said.
    expect(preview).toEqual({
      tasks: [
        { text: 'Plant the bulbs', finished: false },
        { text: 'Rake the leaves', finished: true },
        { text: 'y'.repeat(1000), finished: false },
      ],
      finished: 1,
      skipped: { empty: 2, tooLong: 1, duplicate: 1, deleted: 1 },
      notKept: {
        notes: 0,
        deadline: 0,
        priority: 0,
        subtask: 0,
        links: 0,
        groups: 0,
        notesAsText: 0,
      },
      dates: { unread: 0, repeated: 0, repeats: 0, unreadRepeats: 0 },
      hidden: 0,
      unreadLines: [],
      lists: [],
      myTasks: 3,
    })
  })

  it('keeps a text of this app’s own file as it was stored, edges and line breaks', async () => {
    const tasks = [
      { text: '  Plant the bulbs  ', finished: false },
      { text: 'Rake the\nleaves', finished: true },
      { text: ` ${'y'.repeat(1000)}`, finished: false },
      { text: '\u200B', finished: false },
    ]
    const preview = await previewImport(fileOf('json', tasks), [], now)
    expect(preview.tasks).toEqual(tasks.slice(0, 2))
    expect(preview.skipped).toMatchObject({ tooLong: 1, empty: 1 })
  })

  it('counts, of the Takeout tasks it adds, the notes, dates, subtasks and links not kept', async () => {
    // The person's "HOME" is the file's "Home" (names match whatever the case).
    const { preview, format } = await previewOf('takeout-details.json', kettleIn('HOME'))
    expect(preview.tasks.map(({ text }) => text)).toEqual([
      'Renew the passport',
      'Fill in form B',
      'Ask Sam about the spare keys',
      'Reply to the landlord',
      'Plant the tulip bulbs',
      'Buy bulb fertiliser',
    ])
    expect(preview.skipped).toEqual({ empty: 1, tooLong: 0, duplicate: 1, deleted: 1 })
    // The kettle is already in the list it goes to and the library books were deleted: their
    // notes do not count. The lists are kept, so they are not said here.
    expect(preview.notKept).toEqual({
      notes: 2,
      deadline: 0,
      priority: 0,
      subtask: 2,
      links: 1,
      groups: 0,
      notesAsText: 1,
    })
    expect(notKeptItems(preview, format)).toEqual([
      'notes on 2 tasks',
      'subtasks: 2 added as tasks of their own',
      'a link on 1 task',
    ])
    // Reply to the landlord is finished and hidden (cleared from view): added finished, said.
    expect(preview.hidden).toBe(1)
    expect(hiddenLine(preview)).toBe(
      '1 task was cleared from view in Google Tasks: it is added as finished.',
    )
  })

  it('a Takeout task marked hidden but open stays open and is not said as cleared', async () => {
    const item = (title: string, status: string, hidden: boolean) => ({ title, status, hidden })
    const file = {
      kind: 'tasks#taskLists',
      items: [
        {
          title: 'My Tasks',
          items: [
            item('Open', 'needsAction', false),
            item('Done and cleared', 'completed', true),
            item('Open, marked hidden', 'needsAction', true),
          ],
        },
      ],
    }
    const parsed = fromTakeout(file)
    if (!parsed.ok) throw new Error('not read')
    const preview = await previewImport(parsed, [], now)
    expect(preview.tasks.map(({ text, finished }) => [text, finished])).toEqual([
      ['Open', false],
      ['Done and cleared', true],
      ['Open, marked hidden', false],
    ])
    expect(preview.finished).toBe(1)
    expect(hiddenLine(preview)).toBe(
      '1 task was cleared from view in Google Tasks: it is added as finished.',
    )
  })

  it('counts, of the Todoist tasks it adds, the notes, dates, sections, priorities and subtasks', async () => {
    // The file is the project "todoist-details", which the person has, with the kettle in it.
    const { preview, format } = await previewOf('todoist-details.csv', kettleIn('todoist-details'))
    expect(preview.tasks).toHaveLength(8)
    expect(preview.notKept).toEqual({
      notes: 1,
      deadline: 1,
      priority: 3,
      subtask: 2,
      links: 0,
      groups: 2,
      notesAsText: 1,
    })
    expect(notKeptItems(preview, format)).toEqual([
      'notes on 1 task',
      'a deadline on 1 task',
      '2 sections (their tasks are added without them)',
      'priorities on 3 tasks',
      'subtasks: 2 added as tasks of their own',
    ])
    expect(unreadLinesText(preview)).toBe('Lines 10 and 16 could not be read and are left out.')
  })

  it.each([
    [[7], 'Line 7 could not be read and is left out.'],
    [[7, 12, 19], 'Lines 7, 12 and 19 could not be read and are left out.'],
    [[2, 3, 4, 5, 6, 7], 'Lines 2, 3, 4, 5, 6 and 7 could not be read and are left out.'],
    [
      [2, 3, 4, 5, 6, 7, 1200],
      'Lines 2, 3, 4, 5, 6 and 2 more could not be read and are left out.',
    ],
  ])('says the lines it could not read: %j', async (lines, said) => {
    const preview = await previewImport({ ...fileOf('todoist', []), unreadLines: lines }, [], now)
    expect(unreadLinesText(preview)).toBe(said)
  })
})
