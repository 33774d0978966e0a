import js from '@eslint/js'
import reactHooks from 'eslint-plugin-react-hooks'
import tseslint from 'typescript-eslint'

/** Import boundaries of ../shared/STYLE.md: shared <- server, shared <- client, never across. */
const boundary = (from, forbidden, message) => ({
  files: [`src/${from}/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': ['error', { patterns: [{ group: forbidden, message }] }],
  },
})

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', 'test-results/', 'playwright-report/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      '@typescript-eslint/no-non-null-assertion': 'off',
    },
  },
  {
    files: ['src/client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  boundary('shared', ['**/server/**', '**/client/**', 'node:*'], 'src/shared runs in the browser and the server: no Node, no server or client code.'),
  boundary('client', ['**/server/**', 'node:*'], 'The client never imports server code.'),
  boundary('server', ['**/client/**'], 'The server never imports client code.'),
  {
    files: ['src/client/**/*.{ts,tsx}'],
    ignores: ['src/client/**/*.test.{ts,tsx}'],
    rules: {
      '@typescript-eslint/no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['**/shared/contracts/**'],
              allowTypeImports: true,
              message: 'The browser imports API contracts for their types only (import type), so zod stays out of its bundles.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['scripts/**/*.mjs'],
    languageOptions: { globals: { console: 'readonly', process: 'readonly' } },
  },
  {
    // Playwright fixtures that need no other fixture are written `async ({}, use) => ...`.
    files: ['e2e/**/*.ts'],
    rules: { 'no-empty-pattern': 'off' },
  },
  {
    files: ['src/client/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-imports': 'off' },
  },
)
