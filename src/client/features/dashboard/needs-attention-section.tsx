import { useQuery } from '@tanstack/react-query'
import { useState } from 'react'
import { Link } from 'react-router'
import { ATTENTION_KIND_LABELS, ATTENTION_KINDS, type AttentionKind } from '../../../shared/attention.ts'
import type { AttentionItem, AttentionSection } from '../../../shared/contracts/dashboard-sections.ts'
import { countOf } from '../../../shared/format.ts'
import { Alert } from '../../components/ui/alert.tsx'
import { FilterSelect } from '../../components/ui/filter-select.tsx'
import type { attentionSectionQuery } from '../../queries/dashboard.ts'

/**
 * What needs a person today (issue 32, docs/decisions/0029): every problem the data shows, newest
 * first, with a count per kind and a filter by kind; each line says who, what, how long it has
 * waited, and links to the page where it is fixed. Nothing is marked done here: an item goes when
 * its cause does. A request of its own, which the page opens with (routes/dashboard.tsx).
 */
export function NeedsAttentionSection({ query }: { query: ReturnType<typeof attentionSectionQuery> }) {
  const { data, isError } = useQuery(query)
  return (
    <section aria-labelledby="attention-heading" aria-busy={!data && !isError}>
      <h2 id="attention-heading">Needs attention</h2>
      {isError ? <Alert>What needs attention could not be loaded. Please reload the page.</Alert> : data ? <Queue section={data} /> : <p className="loading">Loading what needs attention…</p>}
    </section>
  )
}

function Queue({ section }: { section: AttentionSection }) {
  const [kind, setKind] = useState<AttentionKind | ''>('')
  const total = ATTENTION_KINDS.reduce((sum, k) => sum + section.counts[k], 0)
  if (total === 0) return <p>Nothing needs attention.</p>
  const present = ATTENTION_KINDS.filter((k) => section.counts[k] > 0)
  const shown = kind === '' ? section.items : section.items.filter((item) => item.kind === kind)
  const listed = kind === '' ? total : section.counts[kind]
  return (
    <>
      <ul className="stat-list" aria-label="Items by kind">
        {present.map((k) => (
          <li key={k}>
            <span className="stat">{section.counts[k]}</span> {ATTENTION_KIND_LABELS[k]}
          </li>
        ))}
      </ul>
      <FilterSelect id="attention-kind" label="Show" value={kind} onChange={setKind}>
        <option value="">Every kind ({total})</option>
        {present.map((k) => (
          <option key={k} value={k}>
            {ATTENTION_KIND_LABELS[k]} ({section.counts[k]})
          </option>
        ))}
      </FilterSelect>
      <ul aria-label="Items needing attention">
        {shown.map((item, i) => (
          <AttentionLine key={`${item.kind} ${item.link} ${item.since} ${i}`} item={item} asOf={section.asOf} />
        ))}
      </ul>
      {shown.length < listed && <p className="staff-muted">The newest {countOf(shown.length, 'item')} of {listed} are listed.</p>}
    </>
  )
}

function AttentionLine({ item, asOf }: { item: AttentionItem; asOf: string }) {
  return (
    <li>
      <Link to={item.link}>{item.who}</Link>: {item.what} <span className="staff-muted">(waiting {waited(item.since, asOf)})</span>
    </li>
  )
}

const MINUTE = 60_000
const HOUR = 60 * MINUTE
const DAY = 24 * HOUR

/** How long from `since` to `asOf`, in the largest whole unit: "3 days", "5 hours", "12 minutes". */
function waited(since: string, asOf: string): string {
  const ms = Math.max(0, Date.parse(asOf) - Date.parse(since))
  if (ms >= DAY) return countOf(Math.floor(ms / DAY), 'day')
  if (ms >= HOUR) return countOf(Math.floor(ms / HOUR), 'hour')
  return countOf(Math.max(1, Math.floor(ms / MINUTE)), 'minute')
}
