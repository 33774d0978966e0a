import type { Standings } from '../../shared/contracts/scores.ts'
import { TIE_BREAK_LABELS } from '../../shared/tie-breaks.ts'

const COLUMNS = [
  ['P', 'Played'],
  ['W', 'Won'],
  ['L', 'Lost'],
  ['T', 'Tied'],
  ['PF', 'Points for'],
  ['PA', 'Points against'],
  ['+/-', 'Difference'],
  ['Pts', 'Points'],
] as const

/** "head to head, then points difference, then points for". */
const tieBreakText = (standings: Standings) => standings.rules.tieBreaks.map((t) => TIE_BREAK_LABELS[t].toLowerCase()).join(', then ')

const signed = (n: number) => (n > 0 ? `+${n}` : String(n))

/** A league's standings, best first: short headings with their full names, so the table fits a phone. */
export function StandingsTable({ standings }: { standings: Standings }) {
  const { rules } = standings
  return (
    <div className="table-scroll" tabIndex={0} role="region" aria-labelledby="standings-caption">
      <table className="standings-table">
        <caption id="standings-caption">
          Standings after {standings.results} {standings.results === 1 ? 'result' : 'results'}. A win is worth {rules.win}, a tie {rules.tie}, a loss {rules.loss}; teams level on points are
          ordered by {tieBreakText(standings)}.
        </caption>
        <thead>
          <tr>
            <th scope="col">
              <abbr title="Rank">#</abbr>
            </th>
            <th scope="col">Team</th>
            {COLUMNS.map(([short, long]) => (
              <th scope="col" key={short}>
                <abbr title={long}>{short}</abbr>
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {standings.rows.map((row) => (
            <tr key={row.team.id}>
              <td>{row.rank}</td>
              <th scope="row">{row.team.name}</th>
              <td>{row.played}</td>
              <td>{row.won}</td>
              <td>{row.lost}</td>
              <td>{row.tied}</td>
              <td>{row.pointsFor}</td>
              <td>{row.pointsAgainst}</td>
              <td>{signed(row.difference)}</td>
              <td>
                <strong>{row.points}</strong>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
