import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'
import { configDefaults } from 'vitest/config'

// Names this run's PostgreSQL test schemas, so the run removes exactly its own at the end.
process.env.TEST_RUN_ID ??= randomBytes(3).toString('hex')

export default defineConfig(({ isSsrBuild }) => ({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react(), precompress()],
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
      { outDir: '../../dist/client', emptyOutDir: true, target: 'es2022', manifest: true, modulePreload: { polyfill: false } },
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
