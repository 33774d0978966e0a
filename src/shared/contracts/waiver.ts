import { z } from 'zod'
import { WaiverPublishForm, WaiverSignForm } from '../schemas/waiver.ts'
import { contract, formBody } from './contract.ts'

export const WaiverDocument = z.object({
  version: z.number().int(),
  body: z.string(),
  publishedAt: z.string(),
})
export type WaiverDocument = z.infer<typeof WaiverDocument>

/** A signature, for the account holder (`subjectKey` ACCOUNT_HOLDER) or one of their children. */
export const WaiverSignature = z.object({
  subjectKey: z.string(),
  childId: z.string().nullable(),
  waiverVersion: z.number().int(),
  signedName: z.string(),
  signedAt: z.string(),
})
export type WaiverSignature = z.infer<typeof WaiverSignature>

const signatures = z.object({ signatures: z.array(WaiverSignature) })

export const readWaiver = contract({
  method: 'GET',
  url: '/api/waiver',
  access: 'open',
  summary: 'The current waiver and, for a signed-in person, whom they have signed it for',
  responses: { 200: z.object({ waiver: WaiverDocument, signatures: z.array(WaiverSignature) }) },
})

export const signWaiver = contract({
  method: 'POST',
  url: '/api/waiver/signatures',
  access: 'login',
  summary: 'Sign the current waiver for yourself or one of your children',
  body: formBody(WaiverSignForm).extend({
    childId: z.string({ error: 'Choose which child you are signing for.' }).nullable().optional(),
  }),
  responses: { 201: signatures },
})

export const mySignatures = contract({
  method: 'GET',
  url: '/api/waiver/signatures/mine',
  access: 'login',
  summary: 'Every waiver signature you have made',
  responses: { 200: signatures },
})

export const publishWaiver = contract({
  method: 'POST',
  url: '/api/admin/waiver',
  access: 'admin',
  summary: 'Publish a new waiver version: everyone signs again before their next registration',
  body: formBody(WaiverPublishForm),
  responses: { 201: z.object({ waiver: WaiverDocument }) },
})
