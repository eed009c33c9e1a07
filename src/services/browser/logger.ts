import type { Logger } from '../types'

/** The product's console messages, exactly as the spec words them. */
export const consoleLogger: Logger = {
  error: (message, err) => {
    console.error(message, err)
  },
  info: (message) => {
    console.log(message)
  },
  warn: (message, err) => {
    if (err === undefined) console.warn(message)
    else console.warn(message, err)
  },
}
