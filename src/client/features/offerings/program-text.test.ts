import { expect, test } from 'vitest'
import { agesText, placesText, priceText, takesAge } from './program-text.ts'

test('places: how many are left, or full with a waitlist, or nothing for a program without a limit', () => {
  expect(placesText({ placesLeft: 3 })).toBe('3 places left')
  expect(placesText({ placesLeft: 1 })).toBe('1 place left')
  expect(placesText({ placesLeft: 0 })).toBe('Full — join the waitlist')
  expect(placesText({ placesLeft: null })).toBeNull()
})

test('ages and price as a family reads them', () => {
  expect(agesText({ forChildren: true, minAge: 8, maxAge: 10 })).toBe('Ages 8–10')
  expect(agesText({ forChildren: true, minAge: 13, maxAge: null })).toBe('Ages 13 and up')
  expect(agesText({ forChildren: false, minAge: null, maxAge: null })).toBe('Adults')
  expect(priceText(18_000)).toBe('$180.00')
  expect(priceText(0)).toBe('Free')
})

test("a child's age fits a program for children whose range includes it, edges included; never an adults' class", () => {
  const skills = { forChildren: true, minAge: 8, maxAge: 10 }
  expect([7, 8, 10, 11].map((age) => takesAge(skills, age))).toEqual([false, true, true, false])
  expect(takesAge({ forChildren: false, minAge: null, maxAge: null }, 30)).toBe(false)
})
