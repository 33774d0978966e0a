import fs from 'node:fs'

/** Removes the run's database; the server may still hold it open, which Linux allows. */
export default function globalTeardown(): void {
  const dir = process.env.E2E_DATA_DIR
  if (dir && process.env.E2E_DATA_DIR_CREATED === '1') fs.rmSync(dir, { recursive: true, force: true })
}
