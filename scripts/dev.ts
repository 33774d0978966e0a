// npm run dev: the real server with Vite in middleware mode, so the page reloads on every edit.
import fs from 'node:fs/promises'
import middie from '@fastify/middie'
import { createServer } from 'vite'
import { buildApp } from '../src/server/app.ts'
import { loadConfig } from '../src/server/config.ts'
import { connect } from '../src/server/db/connect.ts'
import { migrateToLatest } from '../src/server/db/migrate.ts'

const config = loadConfig({ NODE_ENV: 'development', ...process.env })
const db = await connect({ dataDir: config.dataDir, databaseUrl: config.databaseUrl })
await migrateToLatest(db)

const vite = await createServer({ server: { middlewareMode: true }, appType: 'custom' })
const { app } = await buildApp({
  db,
  config,
  html: {
    template: async (url) => vite.transformIndexHtml(url, await fs.readFile('src/client/index.html', 'utf8')),
  },
  configure: async (fastify) => {
    await fastify.register(middie)
    fastify.use(vite.middlewares)
  },
})
await app.listen({ port: config.port, host: config.host })
console.log(`Developing at ${config.publicUrl}`)
