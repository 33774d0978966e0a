import type { ReactNode } from 'react'

/** One fact of a card: its term, and its value (nothing is shown for a fact left out with null). */
export type CardFact = readonly [term: string, value: ReactNode] | null

/** A card's dates, price and places as a row of small terms over their values. */
export function CardFacts({ facts }: { facts: readonly CardFact[] }) {
  return (
    <dl className="league-dates">
      {facts.map(
        (fact) =>
          fact && (
            <div key={fact[0]}>
              <dt>{fact[0]}</dt>
              <dd>{fact[1]}</dd>
            </div>
          ),
      )}
    </dl>
  )
}
