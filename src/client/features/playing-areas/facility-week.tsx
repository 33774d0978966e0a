import { useState } from 'react'
import { formatTime, WEEKDAY_NAMES, weekdayOf } from '../../../shared/academy-schedule.ts'
import { formatDate } from '../../../shared/format.ts'
import { addDays } from '../../../shared/registration-window.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { errorMessage } from '../../lib/api.ts'
import { thisWeeksMonday } from '../../queries/playing-areas.ts'
import { useFacilityWeek } from './api/use-facility-week.ts'

/**
 * "This week" on /admin/playingAreas (issue 33, docs/decisions/0034): the facility's one calendar a
 * week at a time, Monday to Sunday — each day a list of the areas with something on them and what,
 * so it reads on a phone as well as on the desk's screen.
 */
export function FacilityWeek() {
  const thisMonday = thisWeeksMonday()
  const [monday, setMonday] = useState(thisMonday)
  const { data, error } = useFacilityWeek(monday)
  const title = monday === thisMonday ? 'This week' : `Week of ${formatDate(monday)}`

  return (
    <section aria-labelledby="facility-week-heading">
      <h2 id="facility-week-heading">{title}</h2>
      <p>
        <button type="button" className="button" onClick={() => setMonday(addDays(monday, -7))}>
          Previous week
        </button>{' '}
        <button type="button" className="button" onClick={() => setMonday(addDays(monday, 7))}>
          Next week
        </button>
      </p>
      <p role="status">
        {formatDate(monday)} – {formatDate(addDays(monday, 6))}
      </p>
      {error && <Alert>{errorMessage(error)}</Alert>}
      {!data && !error && <p className="loading">Loading the week…</p>}
      {data?.days.map((day) => (
        <section key={day.date} aria-labelledby={`day-${day.date}`}>
          <h3 id={`day-${day.date}`}>
            {WEEKDAY_NAMES[weekdayOf(day.date)]} {formatDate(day.date)}
          </h3>
          {day.areas.length === 0 ? (
            <p>Nothing on the playing areas.</p>
          ) : (
            <ul>
              {day.areas.map((area) => (
                <li key={area.id}>
                  {area.name}
                  <ul>
                    {area.bookings.map((booking) => (
                      <li key={`${booking.kind}-${booking.id}-${booking.startTime}`}>
                        {formatTime(booking.startTime)} – {formatTime(booking.endTime)}: {booking.what}
                      </li>
                    ))}
                  </ul>
                </li>
              ))}
            </ul>
          )}
        </section>
      ))}
    </section>
  )
}
