import type { ReactNode } from 'react'

export interface StaffColumn<Row> {
  /** The column's header, also the label a cell shows when its row is stacked as a card. */
  header: string
  cell(row: Row): ReactNode
  /** `wide` columns give way first when the table is narrow; their content stays in the row's More disclosure. */
  priority?: 'always' | 'wide'
  /** The first column names the row (a `<th scope="row">`). */
  rowHeader?: boolean
  className?: string
}

interface StaffTableProps<Row> {
  /** The table's accessible name. */
  label: string
  /** Names a region around the table, for a screen whose specs and landmarks find the table by it. */
  regionLabel?: string
  columns: StaffColumn<Row>[]
  rows: Row[]
  rowKey(row: Row): string
  rowClassName?(row: Row): string | undefined
  /** The row's buttons, always in view: the last cell at any width. */
  actions?(row: Row): ReactNode
  /** Names the disclosure that holds a row's `wide` columns when they give way, e.g. `More about Maya`. */
  moreLabel?(row: Row): string
  actionsHeader?: string
}

/**
 * The staff screens' one table: a real table (header cells with scope, a name) that fits its box.
 * It sizes by its container, not the window, as it sits in panels of many widths: `wide` columns give
 * way first (into a More disclosure on the row), and in a phone-sized box each row stacks as a card
 * whose cells carry their header as a label (styles.css, `.staff-grid`).
 */
export function StaffTable<Row>({ label, regionLabel, columns, rows, rowKey, rowClassName, actions, moreLabel, actionsHeader = 'Actions' }: StaffTableProps<Row>) {
  const wide = columns.filter((c) => c.priority === 'wide')
  const cls = (c: StaffColumn<Row>) => [c.className, c.priority === 'wide' ? 'staff-col-wide' : undefined].filter(Boolean).join(' ') || undefined
  const hasActions = actions !== undefined || wide.length > 0
  return (
    <div className="staff-grid-frame" role={regionLabel ? 'region' : undefined} aria-label={regionLabel}>
      <table className="staff-table staff-grid" aria-label={label}>
        <thead>
          <tr>
            {columns.map((c) => (
              <th key={c.header} scope="col" className={cls(c)}>
                {c.header}
              </th>
            ))}
            {hasActions && (
              <th scope="col" className="staff-grid-actions">
                <span className="visually-hidden">{actionsHeader}</span>
              </th>
            )}
          </tr>
        </thead>
        <tbody>
          {rows.map((row) => (
            <tr key={rowKey(row)} className={rowClassName?.(row)}>
              {columns.map((c) =>
                c.rowHeader ? (
                  <th key={c.header} scope="row" data-label={c.header} className={cls(c)}>
                    {c.cell(row)}
                  </th>
                ) : (
                  <td key={c.header} data-label={c.header} className={cls(c)}>
                    {c.cell(row)}
                  </td>
                ),
              )}
              {hasActions && (
                <td className="staff-grid-actions">
                  {actions?.(row)}
                  {wide.length > 0 && (
                    <details className="staff-grid-more">
                      <summary>{moreLabel?.(row) ?? 'More'}</summary>
                      <dl>
                        {wide.map((c) => (
                          <div key={c.header}>
                            <dt>{c.header}</dt>
                            <dd>{c.cell(row)}</dd>
                          </div>
                        ))}
                      </dl>
                    </details>
                  )}
                </td>
              )}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  )
}
