import { z } from 'zod'
import { ChildForm } from '../schemas/children.ts'
import { contract, formBody, pathId } from './contract.ts'

/** A guardian's child, as their guardian sees it. */
export const Child = z.object({
  id: z.string(),
  firstName: z.string(),
  lastName: z.string(),
  dateOfBirth: z.string().describe('YYYY-MM-DD'),
  emergencyContactName: z.string(),
  emergencyContactPhone: z.string(),
  notes: z.string().nullable(),
  removable: z.boolean().describe('false once a registration names the child: they stay for its receipt'),
})
export type Child = z.infer<typeof Child>

const childAnswer = z.object({ child: Child })

export const listChildren = contract({
  method: 'GET',
  url: '/api/children',
  access: 'login',
  summary: 'Your children',
  responses: { 200: z.object({ children: z.array(Child) }) },
})

export const addChild = contract({
  method: 'POST',
  url: '/api/children',
  access: 'login',
  summary: 'Add a child to your account',
  body: formBody(ChildForm),
  responses: { 201: childAnswer },
})

export const updateChild = contract({
  method: 'POST',
  url: '/api/children/:childId',
  access: 'owner',
  summary: "Change a child's details",
  params: z.object({ childId: pathId }),
  body: formBody(ChildForm),
  responses: { 200: childAnswer },
})

export const removeChild = contract({
  method: 'POST',
  url: '/api/children/:childId/remove',
  access: 'owner',
  summary: 'Remove a child who holds no registration from your account (409 when they hold one)',
  params: z.object({ childId: pathId }),
  body: z.object({}).optional(),
  responses: { 200: z.object({ removed: z.string().describe('the child removed') }) },
})
