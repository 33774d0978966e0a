import net from 'node:net'

/** Waits until `url` answers 2xx (a server starting up), for at most ten seconds. */
export async function waitFor(url: string): Promise<void> {
  for (let i = 0; i < 100; i++) {
    try {
      if ((await fetch(url)).ok) return
    } catch {
      // not up yet
    }
    await new Promise((r) => setTimeout(r, 100))
  }
  throw new Error(`${url} did not answer`)
}

/**
 * Refuses to start when `port` is taken: a server left over from an interrupted run would answer
 * in place of the one about to start, over another database, and every figure would be its.
 */
export async function requireFreePort(port: number): Promise<void> {
  await new Promise<void>((resolve, reject) => {
    const probe = net.createServer()
    probe.once('error', () => reject(new Error(`Port ${port} is taken (a server left over from an earlier run?): stop it, then run again`)))
    probe.listen(port, '127.0.0.1', () => probe.close(() => resolve()))
  })
}
