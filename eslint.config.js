import js from '@eslint/js'
import { defineConfig, globalIgnores } from 'eslint/config'
import { createNodeResolver, importX } from 'eslint-plugin-import-x'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

const FEATURES = ['auth', 'tasks', 'lists', 'find', 'account', 'undo']
/** The store's keys (src/app/store.ts) each feature owns. */
const STATE_KEYS = {
  auth: ['auth'],
  tasks: ['tasks', 'day', 'sync'],
  lists: ['lists'],
  find: ['find'],
  account: ['account'],
  undo: ['undo'],
}
/**
 * `feature` reads no other feature's state but through that feature's selectors: no
 * `state.sync`, `getState().tasks` or `const { tasks } = getState()` past them. Seen where the
 * root state is in a variable named `state`, `previous` or `original`, a `getState()` or
 * `getOriginalState()` call, or a parameter typed `RootState`.
 */
const readsOnlyOwnState = (feature) => {
  const others = Object.entries(STATE_KEYS)
    .filter(([owner]) => owner !== feature)
    .flatMap(([, keys]) => keys)
  const key = `/^(${others.join('|')})$/`
  const getState = '/^get(Original)?State$/'
  const message = `Read another feature's state through the selectors its index.ts exports.`
  return {
    files: [`src/features/${feature}/**/*.{ts,tsx}`],
    rules: {
      'no-restricted-syntax': [
        'error',
        ...[
          `MemberExpression[object.type='Identifier'][object.name=/^(state|previous|original)$/][property.name=${key}]`,
          `MemberExpression[object.callee.name=${getState}][property.name=${key}]`,
          `MemberExpression[object.callee.property.name=${getState}][property.name=${key}]`,
          `VariableDeclarator[init.callee.name=${getState}] > ObjectPattern > Property[key.name=${key}]`,
          `VariableDeclarator[init.callee.property.name=${getState}] > ObjectPattern > Property[key.name=${key}]`,
          `ObjectPattern[typeAnnotation.typeAnnotation.typeName.name='RootState'] > Property[key.name=${key}]`,
        ].map((selector) => ({ selector, message })),
      ],
    },
  }
}
/** `feature` imports none of `others`. */
const forbid = (feature, others) => [
  {
    target: `./src/features/${feature}`,
    from: others.map((other) => `./src/features/${other}`),
    message: 'Dispatch an event the other feature reacts to, or compose the two in src/app.',
  },
]

export default defineConfig(
  globalIgnores([
    'dist',
    'coverage',
    '.data',
    'test-results',
    'playwright-report',
    'tests/e2e/support/gapi-stub.js',
  ]),
  js.configs.recommended,
  tseslint.configs.strictTypeChecked,
  tseslint.configs.stylisticTypeChecked,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
    },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/restrict-template-expressions': ['error', { allowNumber: true }],
      // `const { id: _id, ...rest } = task` leaves out a field on purpose.
      '@typescript-eslint/no-unused-vars': ['error', { ignoreRestSiblings: true }],
    },
  },
  {
    files: ['src/**/*.{ts,tsx}', 'tests/**/*.tsx'],
    extends: [reactHooks.configs.flat['recommended-latest']],
  },
  {
    files: ['src/**/*.tsx'],
    extends: [jsxA11y.flatConfigs.strict],
  },
  {
    // Firebase and the confetti library stay behind our own interfaces in src/services,
    // and components use the typed hooks.
    files: ['src/**/*.{ts,tsx}'],
    ignores: ['src/services/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(firebase|@firebase)(/|$)', message: 'Use src/services.' },
            { group: ['canvas-confetti'], message: 'Use src/services.' },
          ],
          paths: [
            {
              name: 'react-redux',
              importNames: ['useDispatch', 'useSelector', 'useStore'],
              message: 'Use the typed hooks from src/app/hooks.',
            },
          ],
        },
      ],
    },
  },
  {
    // Imports go one way: app → features → services/lib, and no cycle (type-only imports
    // excepted: they vanish from the build). Features reach a service's implementation only
    // through the listeners' `extra`, typed by the contracts in services/types.ts and
    // services/appServices.ts.
    files: ['src/**/*.{ts,tsx}'],
    plugins: { 'import-x': importX },
    settings: {
      'import-x/extensions': ['.ts', '.tsx', '.js'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js'] })],
    },
    rules: {
      'import-x/no-cycle': 'error',
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: ['./src/services', './src/lib'],
              from: ['./src/features', './src/app', './src/main.tsx'],
              message: 'Services and lib know nothing of the app: take what you need as input.',
            },
            {
              target: './src/config',
              from: [
                './src/app',
                './src/features',
                './src/services',
                './src/lib',
                './src/main.tsx',
              ],
              message: 'env.ts imports nothing: npm start runs it in Node as it is.',
            },
            {
              target: './src/lib',
              from: './src/services',
              message: 'lib holds plain helpers; services may use them, not the reverse.',
            },
            {
              target: './src/features',
              from: './src/services',
              // The contracts, and the one definition of a task's stored fields.
              except: ['./types.ts', './appServices.ts', './taskDocument.ts'],
              message:
                'Features reach services through listenerApi.extra, the contracts (services/types.ts, appServices.ts) and services/taskDocument.ts.',
            },
            {
              target: './src/features',
              from: ['./src/main.tsx', './src/app/App.tsx', './src/app/prerender.tsx'],
              message: 'Features are composed by the app, never the reverse.',
            },
            // Between features, imports go one way: lists, find, account and undo use the tasks,
            // find and the account use the lists, and the tasks, the lists and the account use sign-in. Every other direction is an event the
            // other feature reacts to, or composition in src/app.
            ...forbid('auth', ['tasks', 'lists', 'find', 'account', 'undo']),
            ...forbid('tasks', ['lists', 'find', 'account', 'undo']),
            ...forbid('lists', ['find', 'account', 'undo']),
            ...forbid('find', ['auth', 'account', 'undo']),
            ...forbid('account', ['find', 'undo']),
            ...forbid('undo', ['auth', 'find', 'account']),
            // A feature's index.ts is its only public surface.
            ...FEATURES.map((feature) => ({
              target: [
                './src/app',
                './src/main.tsx',
                ...FEATURES.filter((f) => f !== feature).map((f) => `./src/features/${f}`),
              ],
              from: `./src/features/${feature}`,
              except: ['./index.ts'],
              message: `Import src/features/${feature} through its index.ts.`,
            })),
          ],
        },
      ],
    },
  },
  // A feature's state is read through its selectors, as its modules are through its index.ts.
  ...FEATURES.map(readsOnlyOwnState),
  {
    // Inside services, only its firebase/ folder talks to Firebase, and only the confetti
    // adapter loads canvas-confetti.
    files: ['src/services/**/*.ts'],
    ignores: ['src/services/firebase/**', 'src/services/browser/confetti.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(firebase|@firebase)(/|$)', message: 'Use src/services/firebase.' },
            { group: ['canvas-confetti'], message: 'Use src/services/browser/confetti.ts.' },
          ],
        },
      ],
    },
  },
  {
    files: ['src/app/hooks.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
)
