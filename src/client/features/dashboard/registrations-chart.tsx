import { scaleBand, scaleLinear } from '@visx/scale'
import { Bar } from '@visx/shape'

const WIDTH = 720
const HEIGHT = 180
const LEFT = 36
const BOTTOM = 22

/**
 * Sign-ups per day as bars (SVG, drawn with visx: docs/decisions/0028), scaled to its box. The
 * picture is hidden from screen readers: the section's table of the same days says it in words.
 */
export function RegistrationsChart({ perDay }: { perDay: readonly { day: string; count: number }[] }) {
  const most = Math.max(1, ...perDay.map((d) => d.count))
  const x = scaleBand({ domain: perDay.map((d) => d.day), range: [LEFT, WIDTH], paddingInner: 0.15 })
  const y = scaleLinear({ domain: [0, most], range: [HEIGHT - BOTTOM, 4], nice: true })
  const top = y.domain()[1]!
  // A label under the first day of each month; January's with its year.
  const months = perDay.filter((d) => d.day.endsWith('-01'))
  return (
    <svg className="registrations-chart" viewBox={`0 0 ${WIDTH} ${HEIGHT}`} aria-hidden="true" focusable="false">
      <line x1={LEFT} x2={WIDTH} y1={HEIGHT - BOTTOM} y2={HEIGHT - BOTTOM} className="chart-axis" />
      <text x={LEFT - 6} y={y(top) + 4} textAnchor="end" className="chart-label">
        {top}
      </text>
      <text x={LEFT - 6} y={HEIGHT - BOTTOM} textAnchor="end" className="chart-label">
        0
      </text>
      {perDay.map((d) => (
        <Bar key={d.day} x={x(d.day)} y={y(d.count)} width={Math.max(1, x.bandwidth())} height={HEIGHT - BOTTOM - y(d.count)} className="chart-bar" />
      ))}
      {months.map((d) => (
        <text key={d.day} x={x(d.day)} y={HEIGHT - 6} className="chart-label">
          {monthLabel(d.day)}
        </text>
      ))}
    </svg>
  )
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec']

function monthLabel(day: string): string {
  const [year, month] = day.split('-')
  return month === '01' ? `Jan ${year}` : MONTHS[Number(month) - 1]!
}
