import type { Kysely } from 'kysely'

/**
 * What a "refund and lower the price" changed, kept so a refund the payment provider fails can put
 * it back exactly (core/registrations/registration-changes.ts `afterRefundFailed`): the adjustment
 * names the refund it lowered the price for, and keeps the line's payment plan as it was before
 * the cut (both null for a line without one). Adjustments written before — credits, scholarships
 * and earlier refunds — name no refund and are never undone.
 */
export async function up(db: Kysely<unknown>): Promise<void> {
  await db.schema.alterTable('lineAdjustments').addColumn('refundId', 'text', (c) => c.references('refunds.id')).execute()
  await db.schema.alterTable('lineAdjustments').addColumn('planDepositCentsBefore', 'integer').execute()
  await db.schema.alterTable('lineAdjustments').addColumn('planDueDatesBefore', 'text').execute()
  await db.schema.createIndex('lineAdjustments_refundId_idx').on('lineAdjustments').column('refundId').execute()
}
