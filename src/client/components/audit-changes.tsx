import type { AuditEntry } from '../../shared/contracts/audit.ts'
import { moneyText } from '../../shared/format.ts'

/** What changed, field by field: `capacity: 20 → 24`, or the value an action added. */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const before = entry.before ?? {}
  const after = entry.after ?? {}
  const fields = [...new Set([...Object.keys(before), ...Object.keys(after)])]
  if (fields.length === 0) return <>—</>
  return (
    <>
      {fields.map((field) => (
        <div key={field}>
          {field}: {field in before && field in after ? `${valueText(field, before[field])} → ${valueText(field, after[field])}` : valueText(field, field in after ? after[field] : before[field])}
        </div>
      ))}
    </>
  )
}

const LONGEST = 80

/** A recorded value as a line of text: cents as money, a record as its fields, long text cut short. */
function valueText(field: string, value: unknown): string {
  if (typeof value === 'number' && field.endsWith('Cents')) return moneyText(value)
  if (value === null || value === undefined || value === '') return '(none)'
  if (Array.isArray(value)) return value.length === 0 ? '(none)' : value.map((v) => valueText(field, v)).join(', ')
  const text =
    typeof value === 'object'
      ? Object.entries(value as Record<string, unknown>)
          .map(([k, v]) => `${k} ${valueText(k, v)}`)
          .join(', ')
      : String(value)
  return text.length > LONGEST ? `${text.slice(0, LONGEST - 1)}…` : text
}
