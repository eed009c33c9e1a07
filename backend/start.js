// Starts the local Firestore backend: `node backend/start.js [--fresh] [--port 8080] ...`
// (`--help` lists the options). Node strips types, but backend/'s imports name their modules
// without the .ts extension, which Node does not resolve: Vite's module runner (the one Vite
// loads config files with) runs backend/cli.ts and its imports; packages such as msw load
// natively.
import { fileURLToPath } from 'node:url'
import { runnerImport } from 'vite'

const cli = fileURLToPath(new URL('./cli.ts', import.meta.url))

try {
  const { module } = await runnerImport(cli)
  await module.main(process.argv.slice(2))
} catch (error) {
  console.error(error instanceof Error ? error.message : error)
  process.exit(1)
}
