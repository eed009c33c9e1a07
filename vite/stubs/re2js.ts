// In place of `re2js` (a port of RE2, about 45 kB gzip), which the Firestore SDK imports only
// to evaluate its pipelines' regular expressions (`regexMatch`, `regexContains`, `like`) on the
// device. This app runs no pipelines; were one to use them, each such expression would fail
// alone: the SDK catches this error, logs a warning and evaluates it as an error.
export const RE2JS = {
  compile(): never {
    throw new Error(
      'Regular expressions in Firestore pipelines are not in this build (vite.config.ts).',
    )
  },
}
