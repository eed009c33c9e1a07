import js from '@eslint/js'
import { defineConfig, globalIgnores } from 'eslint/config'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import globals from 'globals'
import tseslint from 'typescript-eslint'

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
              // They bring Immer and reselect (about 6 kB gzip): see src/app/slice.ts.
              name: '@reduxjs/toolkit',
              importNames: [
                'createSlice',
                'createReducer',
                'createEntityAdapter',
                'createSelector',
                'createDraftSafeSelector',
              ],
              message: 'Use createSlice from src/app/slice.ts and plain selectors.',
            },
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
    // Auth reports sign-in changes; the tasks react to them. Never the other way round.
    files: ['src/features/auth/**'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { regex: '^(firebase|@firebase)(/|$)', message: 'Use src/services.' },
            { group: ['canvas-confetti'], message: 'Use src/services.' },
            {
              group: ['**/features/tasks/**', '../tasks/**'],
              message: 'Auth does not know the tasks: dispatch an auth event they react to.',
            },
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
    files: ['src/app/hooks.ts'],
    rules: { 'no-restricted-imports': 'off' },
  },
  {
    files: ['**/*.{js,mjs}'],
    extends: [tseslint.configs.disableTypeChecked],
  },
)
