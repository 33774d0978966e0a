import { z } from 'zod'
import { contract } from './contract.ts'

export const Academy = z.object({
  id: z.string(),
  name: z.string(),
  description: z.string().nullable(),
  registrationDate: z.string(),
  startDate: z.string(),
  endDate: z.string(),
})
export type Academy = z.infer<typeof Academy>

export const listAcademies = contract({
  method: 'GET',
  url: '/api/academies/active',
  access: 'open',
  summary: 'The open academies',
  responses: { 200: z.object({ academies: z.array(Academy) }) },
})
