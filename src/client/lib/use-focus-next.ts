import { useEffect, useState } from 'react'

/**
 * Moves the focus to the element with the given id once the screen has rendered what the
 * change that asked for it brought (a form gone, an answer shown). A request is state, so a
 * render always follows it, even one made after an `await` whose own render has already run;
 * each request is a new object, so its effect runs once.
 */
export function useFocusNext(): (id: string) => void {
  const [next, setNext] = useState<{ id: string } | null>(null)
  useEffect(() => {
    if (next !== null) document.getElementById(next.id)?.focus()
  }, [next])
  return (id: string) => setNext({ id })
}
