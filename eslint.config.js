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

/**
 * The server's floors (docs/decisions/0017): core/ (the registration engine and the records it
 * rests on) knows no feature and no HTTP; a feature imports core and the features on floors below
 * its own, never one beside or above it. Tests may reach across to build their fixtures.
 */
const FEATURE_FLOORS = [
  ['users', 'children', 'waivers', 'mail', 'backups', 'products', 'academies', 'camps', 'drop-ins', 'registrations', 'checkout', 'messages'],
  ['teams', 'stripe'],
  ['leagues', 'schedule'],
  ['desk', 'dashboard', 'calendar'],
]
const serverClient = { group: ['**/client/**'], message: 'The server never imports client code.' }
/** Stripe is one payment provider behind the seam of core/payments/provider.ts (docs/decisions/0023). */
const stripeLibrary = { name: 'stripe', message: 'Only features/stripe imports the stripe library: ask the PaymentProvider (core/payments/provider.ts).' }
const serverFloors = [
  {
    files: ['src/server/core/**/*.ts'],
    ignores: ['src/server/**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: [stripeLibrary],
          patterns: [
            serverClient,
            { group: ['**/features/**', '**/http/**', '**/auth/**', 'fastify'], message: 'core/ is below the features and HTTP: it throws refusals (core/refusals.ts) and takes what it needs as arguments, the rules of each kind among them (core/registrations/kinds.ts).' },
          ],
        },
      ],
    },
  },
  ...FEATURE_FLOORS.flatMap((floor, level) =>
    floor.map((feature) => {
      const higher = FEATURE_FLOORS.slice(level).flat().filter((other) => other !== feature)
      return {
        files: [`src/server/features/${feature}/**/*.ts`],
        ignores: ['src/server/**/*.test.ts'],
        rules: {
          'no-restricted-imports': [
            'error',
            {
              paths: feature === 'stripe' ? [] : [stripeLibrary],
              patterns: [
                serverClient,
                ...(higher.length === 0 ? [] : [{ group: higher.map((other) => `../${other}/**`), message: `${feature} is on floor ${level + 1} of the features (eslint.config.js FEATURE_FLOORS): it may import core/ and the features below it, not these. Give the kind a rule (core/registrations/kinds.ts) or move what both need down.` }]),
              ],
            },
          ],
        },
      }
    }),
  ),
]

/**
 * The browser's layers: route files read params and compose a feature's screens; a feature's
 * writes (its api/ hooks, each owning its cache invalidation) are its own; lib/, components/ and
 * queries/ are below every feature.
 */
const clientServer = { group: ['**/server/**', 'node:*'], message: 'The client never imports server code.' }
const clientLayer = (files, patterns, ignores = []) => ({
  files,
  ignores: ['src/client/**/*.test.{ts,tsx}', ...ignores],
  rules: { 'no-restricted-imports': ['error', { patterns: [clientServer, ...patterns] }] },
})
/**
 * A feature imports no other feature, neither its screens nor its writes (api/), except the parts
 * every kind of offering shows alike in features/offerings/ (not its api/: its writes are its own
 * screens'). Whether `../x/` is another feature depends on how deep the importing file is, so
 * each depth below features/<feature>/ has its pattern: `depth` + 1 steps up reach features/.
 */
const otherFeatures = (depth) => {
  const shared = 'offerings/(?!(?:[^/]+/)*api/)'
  return {
    regex: `^(?:(?:\\.\\./){${depth + 1}}(?!\\.\\./|${shared})[^/]+/|(?:\\.\\./)+features/(?!${shared}))`,
    message: "A feature imports no other feature's screens or writes: what two features share goes down to components/, queries/ or lib/, or to features/offerings/ (every kind's parts; its api/ is its own).",
  }
}
const clientLayers = [
  clientLayer(['src/client/routes/**/*.{ts,tsx}'], [{ group: ['**/features/*/api/**'], message: "A route file composes a feature's screens; the feature's writes (api/) are its screens' own." }]),
  ...[0, 1, 2, 3].map((depth) =>
    clientLayer([`src/client/features/*/${'*/'.repeat(depth)}*.{ts,tsx}`], [
      { group: ['**/routes/**'], message: 'A feature never imports a route file: routes compose features, not the other way round.' },
      otherFeatures(depth),
    ]),
  ),
  clientLayer(['src/client/{lib,components,queries}/**/*.{ts,tsx}'], [{ group: ['**/features/**', '**/routes/**'], message: 'lib/, components/ and queries/ are below the features and routes.' }]),
]

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
  ...serverFloors,
  ...clientLayers,
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
    // No statement is text put together from values: Kysely binds every value and quotes every
    // name, and the scan's depth on staff-only routes rests on this (docs/decisions/0024).
    files: ['src/server/**/*.ts'],
    ignores: ['src/server/**/*.test.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='sql'][callee.property.name='raw']",
          message: 'sql.raw puts its text into the statement unescaped: pass values through sql`…${value}`, names through sql.ref or sql.id.',
        },
        {
          selector: "CallExpression[callee.property.name=/^(raw|prepare|exec|query)$/] > :matches(TemplateLiteral[expressions.length>0], BinaryExpression[operator='+']).arguments:first-child",
          message: 'A statement is never text put together from values: bind them (Kysely, or `?` and `$1` with the values beside).',
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
