/**
 * Work an instance repeats in the background (expiring waitlist offers, releasing team holds,
 * reminders): every `everyMs`, never two runs at once, a failure logged and the next run tried.
 * Every such job must be safe to run from all instances at once (conditional updates decide).
 */
export function createPeriodic(opts: { everyMs: number; work: () => Promise<unknown>; log: { error(obj: unknown, msg: string): void }; failure: string }) {
  let timer: NodeJS.Timeout | undefined
  let running: Promise<unknown> = Promise.resolve()
  const run = () => {
    running = running.then(opts.work).catch((error: unknown) => opts.log.error({ err: error }, opts.failure))
  }
  return {
    start() {
      timer = setInterval(run, opts.everyMs)
      timer.unref()
    },
    async stop() {
      clearInterval(timer)
      await running
    },
  }
}
