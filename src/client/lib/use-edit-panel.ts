import { useEffect, useRef, useState } from 'react'

/**
 * A staff list's form panel (leagues, academies, the price list): which item the form is open for
 * (`undefined` inside: a new one), and focus returned, once it closes, to the button that opened
 * it — New, or the row's Edit, found by `editButtonId`.
 */
export function useEditPanel<T extends { id: string }>(editButtonId: (id: string) => string) {
  const [editing, setEditing] = useState<{ item: T | undefined } | null>(null)
  const newButton = useRef<HTMLButtonElement>(null)
  const returnFocus = useRef<string | null>(null)

  useEffect(() => {
    if (editing !== null || returnFocus.current === null) return
    const target = returnFocus.current === '' ? newButton.current : document.getElementById(editButtonId(returnFocus.current))
    returnFocus.current = null
    target?.focus()
  }, [editing, editButtonId])

  return {
    editing,
    newButton,
    open: (item: T | undefined) => setEditing({ item }),
    close: () => {
      returnFocus.current = editing?.item?.id ?? ''
      setEditing(null)
    },
  }
}
