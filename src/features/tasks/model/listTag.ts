import { MAX_LISTS } from '../../../services/taskDocument'
import { MAX_LIST_NAME_LENGTH } from '../../../services/types'
import { normalizeTaskText } from './listState'

// A list named in the task with `#`, as Todoist's quick add reads a project: "milk #groceries".

/** A list a task can go to: its id (null: My tasks) and name. */
export interface NamedList {
  id: string | null
  name: string
}

/** What a `#` in the text makes of the task. */
export interface FoundList {
  /** The text without the tag. */
  text: string
  /** The tag as typed: "#groceries". */
  phrase: string
  /** Where the tag begins in the text. */
  index: number
  /** The list's name as the person keeps it, or the new list's. */
  name: string
  /** One of the person's lists (its id), or a new one Add makes. */
  target: { kind: 'list'; id: string | null } | { kind: 'new' }
}

/** A `#` at the start of the text or after a space: "C#" and "page#2" are no tags. */
const HASH = /(?<=^|\s)#/g
/** What may follow a list's name: the end, a space, or a sentence's punctuation. */
const ENDS_NAME = /^(?:$|\s|[,.;:!?)])/
const TRAILING = /[,.;:!?)]+$/
/** A new list's name starts with a letter: "#1", "#42" and "#$" stay text. */
const STARTS_NEW = /^\p{L}/u
/** Left dangling before the tag ("milk, #groceries"), as before a date (parseDue.ts). */
const SEPARATOR = /\s*[,;:–—-]+$/

/** A refusal covers the tag as it grows or shrinks ("#gro", "#groceries"). */
const refusedIn = (phrase: string, refused: readonly string[]) => {
  const words = phrase.toLowerCase()
  return refused.some(
    (no) => words.startsWith(no.toLowerCase()) || no.toLowerCase().startsWith(words),
  )
}

/** The longest of `lists` whose name `after` begins with, whole, in any case. */
function knownList(after: string, longestFirst: readonly NamedList[]) {
  for (const list of longestFirst) {
    const typed = after.slice(0, list.name.length)
    if (
      typed.toLowerCase() === list.name.toLowerCase() &&
      ENDS_NAME.test(after.slice(list.name.length))
    ) {
      return { typed, list }
    }
  }
  return null
}

/** The word after `#` as a new list's name: no spaces (as in Todoist), a sentence's end left out. */
function newName(after: string): string | null {
  const word = (/^\S+/.exec(after)?.[0] ?? '').replace(TRAILING, '')
  return STARTS_NEW.test(word) && word.length <= MAX_LIST_NAME_LENGTH ? word : null
}

/** `text` without the `length` characters from `index`; null when nothing would be left. */
function textWithout(text: string, index: number, length: number): string | null {
  const before = text.slice(0, index).trimEnd().replace(SEPARATOR, '')
  const after = text.slice(index + length).trimStart()
  const joint = before === '' || after === '' || /^[,;:.!?)]/.test(after) ? '' : ' '
  return normalizeTaskText(`${before}${joint}${after}`)
}

/**
 * The last `#` in `text` naming one of `lists` (My tasks first) or, while there is room for
 * another list, a new one; none while the person has no list but My tasks, so "#1 priority"
 * stays text. A name with spaces is found whole, the longest first ("#home stuff" is Home stuff,
 * not Home); a new name is one word. Tags in `refused` are skipped, and a tag that would leave
 * no text is not read.
 */
export function readListTag(
  text: string,
  lists: readonly NamedList[],
  refused: readonly string[] = [],
): FoundList | null {
  if (lists.length < 2) return null
  const longestFirst = [...lists].sort((a, b) => b.name.length - a.name.length)
  const roomForMore = lists.length <= MAX_LISTS
  const tags = [...text.matchAll(HASH)].map((match) => match.index).reverse()
  for (const index of tags) {
    const after = text.slice(index + 1)
    const known = knownList(after, longestFirst)
    const name = known ? known.list.name : roomForMore ? newName(after) : null
    if (name === null) continue
    const phrase = `#${known ? known.typed : name}`
    if (refusedIn(phrase, refused)) continue
    const rest = textWithout(text, index, phrase.length)
    if (rest === null) continue
    const target = known ? { kind: 'list' as const, id: known.list.id } : { kind: 'new' as const }
    return { text: rest, phrase, index, name, target }
  }
  return null
}
