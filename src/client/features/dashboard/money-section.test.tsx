import { expect, test } from 'vitest'
import { largestText } from './money-section.tsx'

test('the Outstanding table says it holds the largest balances when there are more places owing', () => {
  expect(largestText(10, 35)).toBe('The 10 largest balances, of the 35:')
  expect(largestText(4, 4)).toBe('Every balance:')
})
