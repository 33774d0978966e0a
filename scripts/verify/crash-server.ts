import { spawn, type ChildProcess } from 'node:child_process'
import fs from 'node:fs'
import http from 'node:http'

export interface ServerSpec {
  port: number
  env: Record<string, string>
  /** Both output streams of every server life are appended here. */
  logFile: string
}

/** Starts the built server and resolves once /healthz answers; rejects if it does not come up. */
export async function startServer(spec: ServerSpec): Promise<ChildProcess> {
  if (await healthy(spec.port)) throw new Error(`Something already answers on port ${spec.port}`)
  const log = fs.openSync(spec.logFile, 'a')
  // The spec alone says which database: an inherited DATABASE_URL would point elsewhere.
  const { DATABASE_URL: _inherited, ...inherited } = process.env
  const child = spawn(process.execPath, ['dist/server/main.js'], {
    env: { ...inherited, ...spec.env, NODE_ENV: 'production', PORT: String(spec.port), HOST: '127.0.0.1' },
    stdio: ['ignore', log, log],
  })
  fs.closeSync(log)
  try {
    await waitForHealth(spec.port, child)
  } catch (error) {
    await killHard(child)
    throw error
  }
  return child
}

/** SIGKILL: no shutdown hook runs, open transactions and sockets die with the process. */
export async function killHard(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return
  const exited = new Promise((resolve) => child.once('exit', resolve))
  process.kill(child.pid!, 'SIGKILL')
  await exited
}

/** Lines of the server logs at level error or fatal (pino: 50 and 60). */
export function serverErrors(logFile: string): string[] {
  if (!fs.existsSync(logFile)) return []
  return fs
    .readFileSync(logFile, 'utf8')
    .split('\n')
    .filter((line) => /"level":(50|60)\b/.test(line) || /^(Error|TypeError|RangeError)\b/.test(line))
}

async function waitForHealth(port: number, child: ChildProcess): Promise<void> {
  const deadline = Date.now() + 30_000
  while (Date.now() < deadline) {
    if (child.exitCode !== null || child.signalCode !== null) {
      throw new Error(`The server exited while starting (${child.signalCode ?? `code ${child.exitCode}`})`)
    }
    if (await healthy(port)) return
    await new Promise((r) => setTimeout(r, 25))
  }
  throw new Error(`The server on port ${port} did not answer /healthz within 30 s`)
}

function healthy(port: number): Promise<boolean> {
  return new Promise((resolve) => {
    http.get({ host: '127.0.0.1', port, path: '/healthz', agent: false }, (res) => {
      res.resume()
      resolve(res.statusCode === 200)
    }).on('error', () => resolve(false))
  })
}
