import type { ReactNode } from 'react'

/** A message announced to screen readers as it appears (product §6's alerts, made non-blocking). */
export function Alert({ tone = 'error', children }: { tone?: 'error' | 'info' | 'success'; children: ReactNode }) {
  return (
    <div role={tone === 'error' ? 'alert' : 'status'} className={`alert alert-${tone}`}>
      {children}
    </div>
  )
}
