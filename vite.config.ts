/// <reference types="vitest/config" />
import { randomBytes } from 'node:crypto'
import react from '@vitejs/plugin-react'
import { defineConfig } from 'vite'

// Names this run's PostgreSQL test schemas, so the run removes exactly its own at the end.
process.env.TEST_RUN_ID ??= randomBytes(3).toString('hex')

export default defineConfig({
  root: 'src/client',
  publicDir: 'public',
  plugins: [react()],
  build: {
    outDir: '../../dist/client',
    emptyOutDir: true,
    target: 'es2022',
  },
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
})
