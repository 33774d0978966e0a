import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { configDefaults } from 'vitest/config'

// Names this run's PostgreSQL test schemas, so the run removes exactly its own at the end.
process.env.TEST_RUN_ID ??= randomBytes(3).toString('hex')

export default defineConfig(({ command, isSsrBuild }) => ({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), precompress(), appChunk()],
  // React Router's package points every bundler at its development build, whose warnings run in
  // the browser as each page is taken over (remix-run/react-router#14102); its production build is
  // the same code with them off. The browser gets that one (docs/benchmarks.md, "The home page's
  // script at 4×").
  resolve: command === 'build' && !isSsrBuild ? { alias: [{ find: /^react-router$/, replacement: reactRouterBuild('index.mjs') }, { find: /^react-router\/dom$/, replacement: reactRouterBuild('dom-export.mjs') }] } : {},
  // `vite build --ssr`: the server's render of the open pages (render-page.tsx, server/pages.ts).
  build: isSsrBuild
    ? {
        outDir: '../../dist/ssr',
        emptyOutDir: true,
        copyPublicDir: false,
        target: 'node20',
        rollupOptions: { input: 'src/client/render-page.tsx' },
      }
    : // The manifest tells the bundle check what the home page loads (scripts/check-bundle.mjs).
      // No modulepreload polyfill: every browser that runs es2022 modules but lacks modulepreload
      // (Safari before 17) still loads every script, only without the head start.
      // The app and every module it imports are one script (appChunk).
      {
        outDir: '../../dist/client',
        emptyOutDir: true,
        target: 'es2022',
        manifest: true,
        modulePreload: { polyfill: false },
        rolldownOptions: { output: { codeSplitting: { groups: [{ name: 'app', test: (id: string) => appModules.has(id), includeDependenciesRecursively: false }] } } },
      },
  test: {
    root: '.',
    environment: 'node',
    env: { TEST_RUN_ID: process.env.TEST_RUN_ID },
    // API tests share one PostgreSQL server (each file in its own schema) and each build a
    // real server; two workers keep a 2-core machine responsive.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
    projects: [
      {
        extends: true,
        test: {
          name: 'server',
          include: ['src/server/**/*.test.ts', 'tests/**/*.test.ts'],
          // Run again on PostgreSQL, a file that never reaches a database would only repeat itself.
          exclude: process.env.TEST_DATABASE_URL ? [...configDefaults.exclude, ...testFilesWithoutDatabase()] : configDefaults.exclude,
          globalSetup: ['tests/global-setup.ts'],
          // The server's files share each worker's modules: imported again for every file, they
          // cost over half the suite's time (docs/benchmarks.md, "CI's time"). Each file builds its
          // own app over its own database, and what the server keeps in a module is the same for
          // every app (the phone reader, the facility's time zone), so nothing carries from one
          // file to the next.
          isolate: false,
        },
      },
      // The client's and shared files change module state (fake timers, the phone reader, the
      // time zone moments are shown in): each starts afresh.
      { extends: true, test: { name: 'client', include: ['src/client/**/*.test.{ts,tsx}', 'src/shared/**/*.test.{ts,tsx}'] } },
    ],
  },
}))

/**
 * The API test files that cannot reach PostgreSQL: neither they nor the helpers of tests/ they
 * import name the test database's URL (tests/test-app.ts reads it, and opens every test database).
 * Decided from the files' text, so a new file that opens a database runs on PostgreSQL unasked.
 */
function testFilesWithoutDatabase(): string[] {
  const reaches = new Map<string, boolean>()
  const reachesDatabase = (file: string): boolean => {
    const known = reaches.get(file)
    if (known !== undefined) return known
    reaches.set(file, false)
    const text = fs.readFileSync(file, 'utf8')
    const helpers = [...text.matchAll(/from '(\.[^']+)'/g)].map((m) => path.resolve(path.dirname(file), m[1]!)).filter((f) => f.startsWith(path.resolve('tests') + path.sep))
    const answer = /test-app\.ts'|TEST_DATABASE_URL/.test(text) || helpers.some(reachesDatabase)
    reaches.set(file, answer)
    return answer
  }
  const testFiles = ['src/server', 'tests'].flatMap((dir) => fs.readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((file) => path.join(dir, file)))
  return testFiles.filter((file) => file.endsWith('.test.ts') && !reachesDatabase(path.resolve(file)))
}

/** React Router's production build, by its file in the package (its exports name only the development build). */
function reactRouterBuild(file: string): string {
  return path.resolve('node_modules/react-router/dist/production', file)
}

/** The modules app.tsx imports, directly or through others, as the build found them (appChunk). */
const appModules = new Set<string>()

/**
 * Puts the app (src/client/app.tsx) and every module it imports into one script. Left to itself
 * the bundler split them into 14 scripts by which lazily loaded screens share them, and the page
 * asked for each one ahead (a <link rel=modulepreload> apiece, 15–30 ms of a slow phone's main
 * thread) and then linked them all; every page loads the app, so the screens loaded later share
 * it whole. Vite's helper that asks for scripts ahead stays out: the entry uses it before the app
 * is fetched.
 */
function appChunk(): Plugin {
  return {
    name: 'app-chunk',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    buildEnd() {
      appModules.clear()
      const app = path.resolve('src/client/app.tsx')
      const visit = (id: string) => {
        if (appModules.has(id) || id.includes('preload-helper')) return
        appModules.add(id)
        for (const imported of this.getModuleInfo(id)?.importedIds ?? []) visit(imported)
      }
      visit(app)
    },
  }
}

/**
 * Writes a Brotli and a gzip copy beside every script and style sheet, which the server sends
 * to browsers that accept them (server/pages.ts): a phone on a slow network gets a third of the
 * bytes, and the server compresses nothing while answering.
 */
function precompress(): Plugin {
  return {
    name: 'precompress',
    apply: (_config, env) => env.command === 'build' && !env.isSsrBuild,
    writeBundle(options, bundle) {
      for (const file of Object.keys(bundle).filter((name) => /\.(js|css)$/.test(name))) {
        const full = path.join(options.dir ?? '', file)
        const source = fs.readFileSync(full)
        fs.writeFileSync(`${full}.br`, brotliCompressSync(source, { params: { [constants.BROTLI_PARAM_QUALITY]: 11 } }))
        fs.writeFileSync(`${full}.gz`, gzipSync(source, { level: 9 }))
      }
    },
  }
}
