import { describe, expect, it } from 'vitest'
import { toCsv, toJson } from '../../../../src/features/account/formats/ourFormat'
import { parseImport } from '../../../../src/features/account/formats/parseImport'
import { previewImport } from '../../../../src/features/account/formats/preview'
import { listItems } from '../../../../src/features/account/importListWords'
import { skippedReasons } from '../../../../src/features/account/importWords'
import { newTask } from '../../../../src/services/taskDocument'
import type { ListEntry, Task } from '../../../../src/services/types'

// This app's export names each task's list, and an import of it gives the lists back: made in a
// fresh account, matched by name in one that has them.

const task = (id: string, text: string, list: string | null, isFinished = false): Task =>
  newTask({ id, task: text, isFinished, email: 'ada@example.com', order: 0, list })
const entry = (id: string, name: string): ListEntry => ({ id, name, rank: `a${id}`, made: 'm' })

// The person's order: Work before Groceries; Someday holds nothing; slot 9 was deleted.
const lists = [entry('12', 'Work'), entry('3', 'Groceries'), entry('40', 'Someday')]
const tasks = [
  task('a', 'Renew the passport', null),
  task('b', 'Oat milk', '3'),
  task('c', 'Send the invoice', '12'),
  task('d', 'Book the room', '12', true),
  task('e', 'Left in a deleted list', '9'),
]
const now = () => Promise.resolve()

async function imported(extension: 'json' | 'csv', into: readonly ListEntry[], here: Task[] = []) {
  const text = extension === 'json' ? toJson(tasks, new Date(), lists) : toCsv(tasks, lists)
  const parsed = await parseImport(`todo-tasks.${extension}`, text, now)
  if (!parsed.ok) throw new Error(parsed.problem.kind)
  return previewImport(parsed, here, now, into)
}

describe('lists in this app’s files', () => {
  it('JSON names every list in the person’s order, and each task’s list by name', () => {
    const file = JSON.parse(toJson(tasks, new Date('2026-11-27T10:30:00Z'), lists)) as {
      lists: string[]
      tasks: Record<string, unknown>[]
    }
    expect(file.lists).toEqual(['Work', 'Groceries', 'Someday'])
    // A slot means nothing in another account: the name is written, never the slot.
    expect(file.tasks.map(({ text, list }) => [text, list])).toEqual([
      ['Renew the passport', undefined],
      ['Oat milk', 'Groceries'],
      ['Send the invoice', 'Work'],
      ['Book the room', 'Work'],
      // Its list is gone: it shows in My tasks, and is exported there.
      ['Left in a deleted list', undefined],
    ])
  })

  it('CSV names each task’s list in a last column, only when some task has one', () => {
    expect(toCsv(tasks, lists).split('\r\n').slice(0, 3)).toEqual([
      'id,text,finished,place,list',
      'a,Renew the passport,false,1,',
      'b,Oat milk,false,2,Groceries',
    ])
    expect(toCsv(tasks.slice(0, 1), lists).split('\r\n')[0]).toBe('id,text,finished,place')
    expect(toJson(tasks.slice(0, 1), new Date(), [])).not.toContain('list')
  })

  it.each(['json', 'csv'] as const)(
    '%s into a fresh account makes the lists, in the person’s order for JSON',
    async (extension) => {
      const preview = await imported(extension, [])
      expect(preview.tasks.map(({ text, list }) => [text, list])).toEqual([
        ['Renew the passport', undefined],
        ['Oat milk', 'Groceries'],
        ['Send the invoice', 'Work'],
        ['Book the room', 'Work'],
        ['Left in a deleted list', undefined],
      ])
      // A CSV holds no list without tasks, and gives the lists in the order it first names them.
      expect(listItems(preview)).toEqual(
        extension === 'json'
          ? [
              'My tasks: 2 tasks',
              'Work (new list): 2 tasks',
              'Groceries (new list): 1 task',
              'Someday (new list): no tasks',
            ]
          : ['My tasks: 2 tasks', 'Groceries (new list): 1 task', 'Work (new list): 2 tasks'],
      )
    },
  )

  it.each(['json', 'csv'] as const)(
    '%s back into the account it came from: the same lists, every task already there',
    async (extension) => {
      const renamed = [entry('7', 'work'), entry('8', 'GROCERIES'), entry('40', 'Someday')]
      const here = tasks.map((one) => ({
        ...one,
        list: one.list === '12' ? '7' : one.list === '3' ? '8' : null,
      }))
      const preview = await imported(extension, renamed, here)
      expect(preview.tasks).toEqual([])
      expect(skippedReasons(preview)).toEqual(['5 already in the list it would go to'])
      expect(preview.lists.map(({ kind, name }) => [kind, name])).toEqual(
        extension === 'json'
          ? [
              ['yours', 'work'],
              ['yours', 'GROCERIES'],
              ['yours', 'Someday'],
            ]
          : [
              ['yours', 'GROCERIES'],
              ['yours', 'work'],
            ],
      )
    },
  )
})
