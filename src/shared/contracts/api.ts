import { z } from 'zod'
import { contract, pathId } from './contract.ts'

/** The API's own description, and the callable functions of product §7. */

export const describeApi = contract({
  method: 'GET',
  url: '/api/openapi.json',
  access: 'open',
  summary: 'This description of the API, as OpenAPI 3.1',
  responses: { 200: z.record(z.string(), z.unknown()).describe('An OpenAPI 3.1 document') },
})

export const apiReference = contract({
  method: 'GET',
  url: '/api/reference',
  access: 'open',
  summary: 'The same description as a page to read',
  contentType: 'text/html',
  responses: { 200: z.string().describe('An HTML page') },
})

export const callFunction = contract({
  method: 'POST',
  url: '/api/functions/:name',
  access: 'login',
  summary:
    'Calls a function (product §7): {"data": …} in, {"data": …} or {"error": {"status", "message"}} out; each function checks its own access and input after the caller is known',
  params: z.object({ name: pathId }),
  // Checked by the handler, after the guard: a signed-out caller learns nothing of the input.
  body: z.unknown().describe('{"data": …}: the function\'s input'),
  responses: { 200: z.object({ data: z.unknown() }) },
})
