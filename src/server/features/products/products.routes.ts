import type { FastifyInstance } from 'fastify'
import type { Db } from '../../db/connect.ts'
import { createProduct as createContract, listProducts, updateProduct as updateContract } from '../../../shared/contracts/products.ts'
import { centsFromDollars } from '../../../shared/money.ts'
import { lateSignUpPriceOf, pastDayProblems, planOfForm, PRODUCT_MESSAGES, ProductForm, productFormProblems, sizesOfForm, type ProductFormValues, type ProductPurpose } from '../../../shared/schemas/product.ts'
import { productFormValues } from '../../../shared/schemas/product-form-values.ts'
import { FORM_MESSAGES } from '../../../shared/validation/rules.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import { parseWholeForm } from '../../http/forms.ts'
import { facilityToday } from '../../../shared/format.ts'
import { serve, type RouteDeps } from '../../http/contract.ts'
import { planColumns } from '../../core/payments/products.queries.ts'
import { recordStaffAction } from '../../core/audit.ts'
import { inTransaction } from '../../db/transaction.ts'
import { actorOf } from '../../http/actor.ts'
import { refusePlanAfterPrograms } from '../../core/registrations/ended-programs.ts'
import { createProduct, findProductForAdmin, holdProduct, listProductsForAdmin, updateProduct, type ProductSettings } from './products.queries.ts'

/** The price list (/admin/products, issue 24): admins read, add and change products. */
export function registerProductRoutes(app: FastifyInstance, { db, config, now }: Pick<RouteDeps, 'db' | 'config' | 'now'>): void {
  serve(app, listProducts, async () => ({ products: await listProductsForAdmin(db) }))

  serve(app, createContract, async (req, reply, { user }) => {
    const at = now()
    const form = parseProductForm(req.body, facilityToday(at, config.site.timeZone))
    const goesWith = await feesFor(db, form, req.body.goesWith ?? [])
    const product = await inTransaction(db, async (tx) => {
      const created = await createProduct(tx, { ...settingsFrom(form), goesWith }, { by: user.id, now: at })
      await recordStaffAction(tx, { by: actorOf(req, user), action: 'product-created', entity: { kind: 'product', id: created.id, label: created.name }, before: null, after: { ...form, goesWith }, now: at })
      return created
    })
    reply.code(201)
    return { product }
  })

  serve(app, updateContract, async (req, _reply, { user }) => {
    const at = now()
    const product = await inTransaction(db, async (tx) => {
      // Read once the product is held: the entry's before is what this change replaces, another admin's save included.
      await holdProduct(tx, req.params.productId)
      const current = await findProductForAdmin(tx, req.params.productId)
      if (!current) return undefined
      // Fields left out keep their values, so taking a product off the list sends isActive alone.
      const form = parseProductForm({ ...productFormValues(current), ...req.body })
      const goesWith = req.body.goesWith ?? (form.purpose === 'extra' ? undefined : [])
      const fees = goesWith && (await feesFor(tx, form, goesWith))
      await refusePlanAfterPrograms(tx, current.id, planOfForm(form), facilityToday(at, config.site.timeZone))
      const changed = await updateProduct(tx, current.id, { ...settingsFrom(form), goesWith: fees }, { by: user.id, now: at })
      const was = { ...productFormValues(current), goesWith: current.goesWith.map((fee) => fee.id) }
      if (changed) await recordStaffAction(tx, { by: actorOf(req, user), action: 'product-changed', entity: { kind: 'product', id: current.id, label: form.name }, before: was, after: { ...form, goesWith: fees ?? was.goesWith }, now: at })
      return changed
    })
    if (!product) throw notFound('There is no such product.')
    return { product }
  })
}

/** The form rules and the checks across fields they cannot express, every problem at once; a new product's (made on `today`) days still to come. */
function parseProductForm(body: unknown, today?: string): ProductFormValues {
  return parseWholeForm(ProductForm, body, (form) => ({ ...(today ? pastDayProblems(form, today) : {}), ...productFormProblems(form) }))
}

/** Form strings to stored values; checked by productFormProblems. */
function settingsFrom(form: ProductFormValues): ProductSettings {
  const early = form.earlyBirdPrice === '' ? null : centsFromDollars(form.earlyBirdPrice)
  return {
    name: form.name,
    purpose: form.purpose as ProductPurpose,
    listPriceCents: centsFromDollars(form.listPrice) ?? 0,
    earlyBirdPriceCents: early,
    earlyBirdUntil: early === null ? null : form.earlyBirdUntil,
    familyDiscountPercent: form.familyDiscount === '' ? null : Number(form.familyDiscount),
    ...planColumns(planOfForm(form)),
    lateSignUpPrice: lateSignUpPriceOf(form),
    sizes: form.purpose === 'extra' && sizesOfForm(form).length > 0 ? sizesOfForm(form).join(',') : null,
    isActive: form.isActive !== 'false',
  }
}

/** An extra's fees, each a fee on the price list; refused under the form's fees otherwise, and for anything but an extra. */
async function feesFor(db: Db, form: ProductFormValues, productIds: readonly string[]): Promise<string[]> {
  if (productIds.length === 0) return []
  if (form.purpose !== 'extra') throw badRequest(FORM_MESSAGES.invalid, { goesWith: PRODUCT_MESSAGES.goesWith })
  const found = await db.kysely.selectFrom('products').select('id').where('id', 'in', productIds).where('purpose', '!=', 'extra').execute()
  if (found.length !== new Set(productIds).size) throw badRequest(FORM_MESSAGES.invalid, { goesWith: PRODUCT_MESSAGES.goesWith })
  return found.map((p) => p.id)
}
