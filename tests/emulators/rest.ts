import { readFileSync } from 'node:fs'
import { inject } from 'vitest'
import {
  putRules as putRulesAt,
  seedDocuments,
  seedTasks,
  storedDocument,
} from '../../scripts/firestore-rest.mjs'
import { newTask } from '../../src/services/taskDocument'
import type { Task } from '../../src/services/types'

// The emulator's own REST endpoints, as its admin (`Bearer owner`, which bypasses the rules):
// what the server holds, whatever the clients under test think.

const { host, firestorePort } = inject('emulators')
const ORIGIN = `http://${host}:${String(firestorePort)}`

/** The fields of `tasks/{id}` as stored, or null when there is no such document. */
export const storedTask = (id: string) => storedDocument(ORIGIN, id)

/** Stores documents exactly as given, past the rules (the original app, another client). */
export const storeDocuments = (documents: readonly { id: string; data: object }[]) =>
  seedDocuments(ORIGIN, documents)

/** A task of `email` with an id of its own: open, at order 0, unless `fields` say otherwise. */
export const taskOf = (email: string, text: string, fields: Partial<Task> = {}): Task =>
  newTask({
    id: `${text.replace(/\W/g, '')}-${crypto.randomUUID().slice(0, 8)}`,
    task: text,
    email,
    order: 0,
    ...fields,
  })

/** Stores tasks as the app stores them (its one definition of a task's document). */
export const storeTasks = (tasks: readonly Task[]) => seedTasks(ORIGIN, tasks)

/** Replaces the emulator's rules until {@link restoreRules}. */
export const putRules = (content: string) => putRulesAt(ORIGIN, content)

/** Puts firestore.rules back. */
export const restoreRules = () => putRules(readFileSync('firestore.rules', 'utf8'))
