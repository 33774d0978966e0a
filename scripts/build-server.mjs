// Bundles the server and the npm packages it imports into dist/server/main.js: one file to read
// and compile at start instead of hundreds to find and load, which halves the CPU a start costs
// (from about 2.4 s to 1.3 s on this machine; the crash loop restarts the server 20 times a run).
// Kept outside, loaded from node_modules as before: the native modules, pino and its transports
// (each runs in a worker thread that loads its file by name), and the packages that read files
// beside their own code at run time.
import { build } from 'esbuild'

await build({
  entryPoints: ['src/server/main.ts'],
  outfile: 'dist/server/main.js',
  bundle: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  external: ['better-sqlite3', '@node-rs/argon2', 'pg-native', 'pino', 'pino-pretty', 'thread-stream', '@touch4it/ical-timezones'],
  // The CommonJS packages bundled into this ES module still call require() for Node's own modules.
  banner: { js: "import { createRequire as createRequireOfBundle } from 'node:module'; const require = createRequireOfBundle(import.meta.url);" },
  sourcemap: true,
  logLevel: 'warning',
})
