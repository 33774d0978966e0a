import { spawn, type ChildProcess } from 'node:child_process'
import net from 'node:net'

/** A port nobody listens on right now. */
export function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const probe = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = probe.address() as net.AddressInfo
      probe.close(() => resolve(port))
    })
  })
}

export async function waitUntilReady(port: number): Promise<void> {
  for (let i = 0; i < 200; i++) {
    const ok = await fetch(`http://127.0.0.1:${port}/readyz`).then((r) => r.ok, () => false)
    if (ok) return
    await new Promise((resolve) => setTimeout(resolve, 100))
  }
  throw new Error('the server did not become ready')
}

export interface ServerProcess {
  process: ChildProcess
  port: number
  baseUrl: string
  /** Everything the server printed so far. */
  output(): string
  exited: Promise<number | null>
}

/**
 * The real server (src/server/main.ts) in a process of its own, for what one process cannot
 * show about itself: a signal, or a database lock that would stall the test's own event loop.
 */
export async function startServerProcess(env: Record<string, string>): Promise<ServerProcess> {
  const port = await freePort()
  const child = spawn(process.execPath, ['--import', 'tsx', 'src/server/main.ts'], {
    env: { ...process.env, NODE_ENV: 'production', PORT: String(port), HOST: '127.0.0.1', LOG_FORMAT: 'json', BACKUP_EVERY_HOURS: '0', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  })
  let output = ''
  child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()))
  child.stderr.on('data', (chunk: Buffer) => (output += chunk.toString()))
  const exited = new Promise<number | null>((resolve) => child.on('exit', resolve))
  try {
    await waitUntilReady(port)
  } catch (error) {
    child.kill('SIGKILL')
    throw new Error(`${String(error)}:\n${output}`)
  }
  return { process: child, port, baseUrl: `http://127.0.0.1:${port}`, output: () => output, exited }
}
