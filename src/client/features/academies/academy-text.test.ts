import { expect, test } from 'vitest'
import { academyAgesText, academyPlacesText, academyPriceText, takesAge } from './academy-text.ts'

test('places: how many are left, or full with a waitlist, or nothing for an academy without a limit', () => {
  expect(academyPlacesText({ placesLeft: 3 })).toBe('3 places left')
  expect(academyPlacesText({ placesLeft: 1 })).toBe('1 place left')
  expect(academyPlacesText({ placesLeft: 0 })).toBe('Full — join the waitlist')
  expect(academyPlacesText({ placesLeft: null })).toBeNull()
})

test('ages and price as a family reads them', () => {
  expect(academyAgesText({ forChildren: true, minAge: 8, maxAge: 10 })).toBe('Ages 8–10')
  expect(academyAgesText({ forChildren: true, minAge: 13, maxAge: null })).toBe('Ages 13 and up')
  expect(academyAgesText({ forChildren: false, minAge: null, maxAge: null })).toBe('Adults')
  expect(academyPriceText(18_000)).toBe('$180.00')
  expect(academyPriceText(0)).toBe('Free')
})

test("a child's age fits an academy for children whose range includes it, edges included; never an adults' class", () => {
  const skills = { forChildren: true, minAge: 8, maxAge: 10 }
  expect([7, 8, 10, 11].map((age) => takesAge(skills, age))).toEqual([false, true, true, false])
  expect(takesAge({ forChildren: false, minAge: null, maxAge: null }, 30)).toBe(false)
})
