import type { FastifyInstance } from 'fastify'
import { MESSAGES_PER_DAY } from '../../../shared/messages.ts'
import { previewMessage as previewContract, readMessageAudiences, readMessages, readUnsubscribe, sendMessage as sendContract, unsubscribe } from '../../../shared/contracts/messages.ts'
import { facilityToday } from '../../../shared/format.ts'
import type { Db } from '../../db/connect.ts'
import { notFound } from '../../core/refusals.ts'
import { actorOf } from '../../http/actor.ts'
import { serve } from '../../http/contract.ts'
import { addUnsubscribe, listAudiences } from './audiences.queries.ts'
import { listMessages, previewMessage, sendMessage, sentOn, type MessageMail } from './messages.queries.ts'
import { addressOfUnsubscribeToken } from './unsubscribe-tokens.queries.ts'

/** Staff write to the people of a league, a team, an academy, a camp or a waitlist; anyone with a message's link stops receiving them (docs/decisions/0031). */
export function registerMessageRoutes(app: FastifyInstance, { db, mail, timeZone, now }: { db: Db; mail: MessageMail; timeZone: string; now: () => Date }): void {
  serve(app, readMessageAudiences, () => listAudiences(db))

  serve(app, previewContract, (req) => previewMessage(db, mail, req.body, now()))

  serve(app, sendContract, async (req, reply, { user }) => {
    const at = now()
    const message = await sendMessage(db, req.body, { by: actorOf(req, user), today: facilityToday(at, timeZone), now: at })
    return reply.code(201).send({ message })
  })

  serve(app, readMessages, async (_req, _reply, { user }) => {
    const [messages, sentToday] = await Promise.all([listMessages(db), sentOn(db, user.id, facilityToday(now(), timeZone))])
    return { messages, perDay: MESSAGES_PER_DAY, sentToday }
  })

  const addressOf = async (token: string) => {
    const address = await addressOfUnsubscribeToken(db, token)
    if (address === null) throw notFound('This unsubscribe link is not one we sent, or no longer works: open the link at the foot of the latest message itself.')
    return address
  }

  // Reading a link changes nothing (a mail scanner follows links); its page's button unsubscribes.
  serve(app, readUnsubscribe, async (req) => ({ address: await addressOf(req.params.token) }))

  serve(app, unsubscribe, async (req) => {
    const address = await addressOf(req.params.token)
    await addUnsubscribe(db, address, now())
    return { address }
  })
}
