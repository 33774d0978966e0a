import type { PaymentProvider as ProviderName } from '../../../shared/schemas/payments.ts'
import type { PaymentProvider } from './provider.ts'

/**
 * The front desk as the site's provider when none online is set up (decision 0023): staff take the
 * money in person — cash, a check, or a card on the desk's terminal, recorded with its reference
 * (core/registrations/registration-changes.ts `takeDeskPayment`) — and give it back the same way,
 * done when recorded. It opens no payment page, so the checkout says where to pay, no place is
 * held for a payment, and it has no events to hear or list.
 */
export const FRONT_DESK: PaymentProvider = {
  name: 'desk',
  online: false,
  minimumCents: 0,
  openPage: noPages,
  expirePage: noPages,
  readPayment: noPages,
  refund: async () => {
    throw new Error('The front desk gives money back in person: its refunds are done when recorded')
  },
  verifyEvent: () => {
    throw new Error('The front desk sends no events')
  },
  eventsSince: async function* () {},
}

async function noPages(): Promise<never> {
  throw new Error('The front desk opens no payment pages')
}

/** Whether money a provider took is given back in person, so a refund of it is done when recorded. */
export const givenBackInPerson = (provider: ProviderName) => provider === FRONT_DESK.name
