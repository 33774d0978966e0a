/**
 * The reads every write of games starts from. A write holds its league's game nights first, then
 * the playing areas it books, in the order of their ids (holdAreas, in core/ with the facility's
 * calendar, which academies, camps and drop-ins book through too): two writes booking one area
 * take turns, so the second sees the first's games and bookings, and two writes never wait for
 * each other in a circle. The unique index of games (migration 0046) stays the last word.
 */
export { holdAreas } from '../../core/facility-calendar.queries.ts'
