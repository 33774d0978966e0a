/// <reference types="vitest/config" />
import { randomBytes } from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import { brotliCompressSync, constants, gzipSync } from 'node:zlib'
import react from '@vitejs/plugin-react'
import { defineConfig, type Plugin } from 'vite'

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
    include: ['src/**/*.test.{ts,tsx}', 'tests/**/*.test.ts'],
    environment: 'node',
    env: { TEST_RUN_ID: process.env.TEST_RUN_ID },
    globalSetup: ['tests/global-setup.ts'],
    // API tests share one PostgreSQL server (each file in its own schema) and each build a
    // real server; two workers keep a 2-core machine responsive.
    maxWorkers: 2,
    testTimeout: 20_000,
    hookTimeout: 30_000,
  },
}))

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
