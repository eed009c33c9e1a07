import type { ENV_VARIABLES } from './env'

declare global {
  interface ImportMetaEnv {
    readonly VITE_FIREBASE_API_KEY?: string
    readonly VITE_FIREBASE_AUTH_DOMAIN?: string
    readonly VITE_FIREBASE_PROJECT_ID?: string
    readonly VITE_FIREBASE_APP_ID?: string
    readonly VITE_USE_EMULATORS?: string
  }
}

// Each named in full: where `import.meta.env` is used whole, Vite bundles every VITE_ variable
// set at build time, so an unrelated one (a CI token, say) would reach every visitor.
export const viteEnv: Record<(typeof ENV_VARIABLES)[number], string | undefined> = {
  VITE_FIREBASE_API_KEY: import.meta.env.VITE_FIREBASE_API_KEY,
  VITE_FIREBASE_AUTH_DOMAIN: import.meta.env.VITE_FIREBASE_AUTH_DOMAIN,
  VITE_FIREBASE_PROJECT_ID: import.meta.env.VITE_FIREBASE_PROJECT_ID,
  VITE_FIREBASE_APP_ID: import.meta.env.VITE_FIREBASE_APP_ID,
  VITE_USE_EMULATORS: import.meta.env.VITE_USE_EMULATORS,
}
