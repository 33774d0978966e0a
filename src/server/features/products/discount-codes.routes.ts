import type { FastifyInstance } from 'fastify'
import { createDiscountCode as createContract, listDiscountCodes, updateDiscountCode as updateContract } from '../../../shared/contracts/discount-codes.ts'
import { centsFromDollars } from '../../../shared/money.ts'
import {
  DISCOUNT_CODE_MESSAGES,
  DiscountCodeForm,
  discountCodeFormProblems,
  normalCode,
  type DiscountCodeFormValues,
} from '../../../shared/schemas/discount-code.ts'
import { discountCodeFormValues } from '../../../shared/schemas/discount-code-form-values.ts'
import { FORM_MESSAGES } from '../../../shared/validation/rules.ts'
import type { Db } from '../../db/connect.ts'
import { badRequest, conflict, notFound } from '../../http/errors.ts'
import { parseForm } from '../../http/forms.ts'
import { serve, type RouteDeps } from '../../http/contract.ts'
import { recordStaffAction } from '../../core/audit.ts'
import { actorOf } from '../../http/actor.ts'
import { createDiscountCode, findDiscountCodeForAdmin, listDiscountCodesForAdmin, unknownProducts, updateDiscountCode, type DiscountCodeSettings } from './discount-codes.queries.ts'

/** Discount codes (/admin/products, issue 24): admins read, add and change them; checkout applies them (core/payments/discounts.ts). */
export function registerDiscountCodeRoutes(app: FastifyInstance, { db, now }: Pick<RouteDeps, 'db' | 'now'>): void {
  serve(app, listDiscountCodes, async () => ({ discountCodes: await listDiscountCodesForAdmin(db) }))

  serve(app, createContract, async (req, reply, { user }) => {
    const form = parseDiscountCodeForm(req.body)
    const settings = await settingsFrom(db, form, req.body.productIds ?? [])
    const at = now()
    const after = { ...form, productIds: settings.productIds }
    const record = (tx: Db, id: string) => recordStaffAction(tx, { by: actorOf(req, user), action: 'discount-code-created', entity: { kind: 'discount-code', id, label: settings.code }, before: null, after, now: at })
    const discountCode = await createDiscountCode(db, settings, { by: user.id, now: at, record })
    if (discountCode === 'taken') throw taken(settings.code)
    reply.code(201)
    return { discountCode }
  })

  serve(app, updateContract, async (req, _reply, { user }) => {
    const current = await findDiscountCodeForAdmin(db, req.params.discountCodeId)
    if (!current) throw notFound('There is no such discount code.')
    // Fields left out keep their values, so taking a code off sends isActive alone.
    const form = parseDiscountCodeForm({ ...discountCodeFormValues(current), ...withoutProducts(req.body) })
    const settings = await settingsFrom(db, form, req.body.productIds)
    const at = now()
    const before = { ...discountCodeFormValues(current), productIds: current.products.map((p) => p.id) }
    const after = { ...form, productIds: settings.productIds ?? before.productIds }
    const discountCode = await updateDiscountCode(db, current.id, settings, at, (tx) =>
      recordStaffAction(tx, { by: actorOf(req, user), action: 'discount-code-changed', entity: { kind: 'discount-code', id: current.id, label: settings.code }, before, after, now: at }),
    )
    if (discountCode === 'taken') throw taken(settings.code)
    if (discountCode === 'used') throw conflict(FORM_MESSAGES.invalid, { code: `${current.code} has been used, so its code can’t change.` })
    if (!discountCode) throw notFound('There is no such discount code.')
    return { discountCode }
  })
}

/** Said under the code's field; the form's own words above it, as for any field's refusal. */
const taken = (code: string) => conflict(FORM_MESSAGES.invalid, { code: `There is already a code ${code}.` })

function withoutProducts(body: Record<string, unknown>): Record<string, unknown> {
  const { productIds: _productIds, ...fields } = body
  return fields
}

/** The form rules, then the checks across fields they cannot express. */
function parseDiscountCodeForm(body: unknown): DiscountCodeFormValues {
  const form = parseForm(DiscountCodeForm, body)
  const problems = discountCodeFormProblems(form)
  if (Object.keys(problems).length > 0) throw badRequest(FORM_MESSAGES.invalid, problems)
  return form
}

const wholeOrNull = (text: string) => (text === '' ? null : Number(text))

/** Form strings to stored values (checked by discountCodeFormProblems), with the products it is for, each on the price list. */
async function settingsFrom(db: Db, form: DiscountCodeFormValues, productIds: readonly string[] | undefined): Promise<DiscountCodeSettings> {
  if (productIds && (await unknownProducts(db, productIds)).length > 0) throw badRequest(FORM_MESSAGES.invalid, { productIds: DISCOUNT_CODE_MESSAGES.products })
  return {
    code: normalCode(form.code),
    description: form.description === '' ? null : form.description,
    percentOff: wholeOrNull(form.percentOff),
    amountOffCents: form.amountOff === '' ? null : centsFromDollars(form.amountOff),
    validFrom: form.validFrom === '' ? null : form.validFrom,
    validUntil: form.validUntil === '' ? null : form.validUntil,
    maxUses: wholeOrNull(form.maxUses),
    maxUsesPerPerson: wholeOrNull(form.maxUsesPerPerson),
    isActive: form.isActive !== 'false',
    ...(productIds ? { productIds } : {}),
  }
}
