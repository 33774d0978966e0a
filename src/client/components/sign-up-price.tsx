import { signUpTotal, type SignUpParty, type SignUpPricing } from '../../shared/sign-up-total.ts'
import { siteConfig } from '../site-config.ts'
import { placeText, planText, totalText } from './sign-up-price-text.ts'

interface SignUpPriceProps {
  /** For the button's aria-describedby. */
  id: string
  pricing: SignUpPricing
  today: string
  party: Omit<SignUpParty, 'count'>
  /** Who takes part, in the order they are sent. */
  names: readonly string[]
}

/**
 * What a sign-up will ask, said before the button is pressed (issue 30): the same arithmetic as the
 * engine's (shared/sign-up-total.ts), so the order's lines hold the cents shown here.
 */
export function SignUpPrice({ id, pricing, today, party, names }: SignUpPriceProps) {
  if (names.length === 0) return null
  const total = signUpTotal(pricing, today, { ...party, count: names.length })
  return (
    <div className="signup-price" id={id}>
      <ul className="signup-price-places">
        {total.places.map((place, i) => {
          const plan = planText(place)
          return (
            <li key={`${names[i]}-${i}`}>
              {placeText(place, names[i]!)}
              {plan && <span className="signup-muted"> {plan}</span>}
            </li>
          )
        })}
      </ul>
      <p>
        <strong>{totalText(total, siteConfig.paysOnline)}</strong>
      </p>
    </div>
  )
}
