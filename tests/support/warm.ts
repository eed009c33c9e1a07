import { dueParserFor } from '../../src/features/tasks/model/parseDue'

/**
 * Builds the English due-date parser and has it read a date, without keeping it: the app's
 * loader (loadDueParser) still loads the parser for whichever language a test asks first.
 */
export async function warmDueParser(): Promise<void> {
  const parse = await dueParserFor('en-US', (text) => text)
  parse('Buy milk tomorrow at 5pm', [])
}
