import { useSyncExternalStore } from 'react'

const subscribe = () => () => undefined

/**
 * False while the page shows markup the server rendered and the script has not taken it over
 * yet; true from then on, and at once in a page the browser renders itself. A control that
 * needs the script (a form's submit button, a Register button) stays disabled until then: a
 * press before would do nothing, or submit the form natively, its fields in the address.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribe,
    () => true,
    () => false,
  )
}
