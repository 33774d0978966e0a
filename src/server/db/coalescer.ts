/** One item's outcome in a group: its value, or the error that stays with it. */
export type Settled<T> = { ok: true; value: T } | { ok: false; error: unknown }

export interface Coalescer<I, R> {
  /** Items waiting for their group. */
  pending(): number
  /** Runs `item` in the next group of its `key`; answers its own outcome. */
  run(key: string, item: I): Promise<R>
}

/**
 * Gathers items that arrive together for the same key into groups: while one group of a key is
 * being run, the next ones wait, and all of them (up to `maxGroup`) go in the next round. Keys
 * run beside each other. `runGroup` takes its group with `take()` when it is ready for it — after
 * waiting for a lock, say, so the items that arrived meanwhile join — and answers an outcome per
 * item taken, in order; if it throws, every item of the group fails with that error.
 */
export function createCoalescer<I, R>(runGroup: (take: () => I[], key: string) => Promise<Settled<R>[]>, maxGroup = 64): Coalescer<I, R> {
  interface Waiting {
    item: I
    resolve(value: R): void
    reject(error: unknown): void
  }
  const queues = new Map<string, Waiting[]>()
  // Requests already on their sockets reach the queue before the group is taken: better-sqlite3
  // answers synchronously, so a request could otherwise run to its end before the next is read.
  const nextTurn = () => new Promise<void>((resolve) => setImmediate(resolve))

  async function drain(key: string, queue: Waiting[]): Promise<void> {
    while (queue.length > 0) {
      await nextTurn()
      let group: Waiting[] | undefined
      const take = () => {
        group ??= queue.splice(0, maxGroup)
        return group.map((w) => w.item)
      }
      try {
        const outcomes = await runGroup(take, key)
        group!.forEach((w, i) => {
          const outcome = outcomes[i]!
          if (outcome.ok) w.resolve(outcome.value)
          else w.reject(outcome.error)
        })
      } catch (error) {
        // Failed before taking its group (the database is down, say): the group it would have taken fails.
        group ??= queue.splice(0, maxGroup)
        for (const w of group) w.reject(error)
      }
    }
    queues.delete(key)
  }

  return {
    pending: () => [...queues.values()].reduce((sum, q) => sum + q.length, 0),
    run(key, item) {
      return new Promise<R>((resolve, reject) => {
        const queue = queues.get(key)
        if (queue) {
          queue.push({ item, resolve, reject })
          return
        }
        const fresh = [{ item, resolve, reject }]
        queues.set(key, fresh)
        void drain(key, fresh)
      })
    },
  }
}
