import { expect, test } from 'vitest'
import { dropInAgesText, dropInCancellationText, dropInProgram, dropInWhenText, dropInWindow, headcountText } from './drop-in-text.ts'

const openGym = {
  name: 'Open Gym Basketball',
  date: '2027-03-06',
  startTime: '10:00',
  endTime: '12:00',
  registrationDate: '2027-02-20',
  forChildren: false,
  minAge: null,
  maxAge: null,
  waiverRequired: true,
  placesLeft: 8,
}

test('a session today says so, another its date, with its hours', () => {
  expect(dropInWhenText(openGym, '2027-03-06')).toBe('Today, 10:00 AM – 12:00 PM')
  expect(dropInWhenText(openGym, '2027-03-01')).toBe('3/6/2027, 10:00 AM – 12:00 PM')
})

test('places are on sale from the sale date through the day of the session, at the door too', () => {
  expect(dropInWindow(openGym, '2027-02-19')).toBe('upcoming')
  expect(dropInWindow(openGym, '2027-02-20')).toBe('open')
  expect(dropInWindow(openGym, '2027-03-06')).toBe('open')
  expect(dropInWindow(openGym, '2027-03-07')).toBe('closed')
})

test('the headcount reads as the door says it', () => {
  expect(headcountText({ checkedIn: 12, capacity: 20 })).toBe('12 of 20 checked in')
})

test('an adults’ session takes the account holder; a children’s counts ages on its day', () => {
  expect(dropInAgesText(openGym)).toBe('Adults')
  expect(dropInAgesText({ forChildren: true, minAge: 6, maxAge: 10 })).toBe('Ages 6–10')
  expect(dropInProgram({ ...openGym, forChildren: true, minAge: 6, maxAge: 10 })).toMatchObject({ startDate: '2027-03-06', forChildren: true, placesLeft: 8 })
})

test('the person cancels before the session’s day; on the day, the desk does', () => {
  expect(dropInCancellationText(openGym, '2027-03-05')).toMatch(/^You can cancel a place from your account page until the day before the session; on 3\/6\/2027, ask at the front desk\./)
  expect(dropInCancellationText(openGym, '2027-03-06')).toMatch(/^The session is today: to cancel a place, ask at the front desk\./)
})
