import { expect, test } from 'vitest'
import { createCoalescer, type Settled } from './coalescer.ts'

const doubled = (items: number[]): Settled<number>[] => items.map((n) => ({ ok: true, value: 2 * n }))

/** A promise and the function that settles it: a lock another instance holds, here. */
function gate() {
  let open!: () => void
  const opened = new Promise<void>((resolve) => (open = resolve))
  return { opened, open }
}

test('items arriving while a group runs go together in the next one', async () => {
  const groups: number[][] = []
  const first = gate()
  const coalescer = createCoalescer<number, number>(async (take) => {
    const items = take()
    groups.push(items)
    if (groups.length === 1) await first.opened
    return doubled(items)
  })
  const one = coalescer.run('k', 1)
  await new Promise((resolve) => setImmediate(resolve))
  const rest = [2, 3, 4].map((n) => coalescer.run('k', n))
  expect(coalescer.pending()).toBe(3)
  first.open()
  expect(await Promise.all([one, ...rest])).toEqual([2, 4, 6, 8])
  expect(groups).toEqual([[1], [2, 3, 4]])
})

test('a group taken late holds the items that arrived while its runner waited', async () => {
  const groups: number[][] = []
  const lock = gate()
  const coalescer = createCoalescer<number, number>(async (take) => {
    await lock.opened
    const items = take()
    groups.push(items)
    return doubled(items)
  })
  const one = coalescer.run('k', 1)
  await new Promise((resolve) => setImmediate(resolve))
  const rest = [2, 3].map((n) => coalescer.run('k', n))
  lock.open()
  expect(await Promise.all([one, ...rest])).toEqual([2, 4, 6])
  expect(groups).toEqual([[1, 2, 3]])
})

test('a runner that fails before taking fails the group it would have taken; later items are served', async () => {
  let calls = 0
  const coalescer = createCoalescer<number, number>(async (take) => {
    if (++calls === 1) throw new Error('the database went away')
    return doubled(take())
  })
  const failed = await Promise.allSettled([1, 2].map((n) => coalescer.run('k', n)))
  expect(failed.map((f) => f.status)).toEqual(['rejected', 'rejected'])
  expect(await coalescer.run('k', 5)).toBe(10)
  expect(coalescer.pending()).toBe(0)
})
