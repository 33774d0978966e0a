import { describe, expect, test } from 'vitest'
import { ageOn, outsideAgesText } from './age.ts'

describe('ages', () => {
  test('a birthday counts from its own day', () => {
    expect(ageOn('2016-06-15', '2026-06-14')).toBe(9)
    expect(ageOn('2016-06-15', '2026-06-15')).toBe(10)
  })

  test('a child outside a league’s ages is told why, in the words the server uses', () => {
    const league = { name: 'Junior Soccer', startDate: '2026-09-01', minAge: 6, maxAge: 9 }
    expect(outsideAgesText({ firstName: 'Maya', dateOfBirth: '2021-01-01' }, league)).toBe(
      'Maya will be 5 when Junior Soccer starts; this league is for ages 6–9.',
    )
    expect(outsideAgesText({ firstName: 'Leo', dateOfBirth: '2016-08-31' }, league)).toBe(
      'Leo will be 10 when Junior Soccer starts; this league is for ages 6–9.',
    )
    // A program under way: the age it is for was counted on its first day.
    expect(outsideAgesText({ firstName: 'Leo', dateOfBirth: '2016-08-31' }, league, 'league', '2026-10-01')).toBe(
      'Leo was 10 when Junior Soccer started; this league is for ages 6–9.',
    )
    expect(outsideAgesText({ firstName: 'Ada', dateOfBirth: '2017-09-01' }, league)).toBeNull()
    expect(outsideAgesText({ firstName: 'Ada', dateOfBirth: '2025-01-01' }, { ...league, minAge: null, maxAge: null })).toBeNull()
  })
})
