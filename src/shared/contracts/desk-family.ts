import { z } from 'zod'
import { ChildForm } from '../schemas/children.ts'
import { addOrderExtra, applyOrderDiscount, OrderCheckout } from './checkout.ts'
import { Child } from './children.ts'
import { contract, formBody, pathId } from './contract.ts'
import { CustomerRecord } from './desk.ts'

/**
 * The desk sells everything a family can buy (issue 30, docs/decisions/0016): staff add and edit a
 * customer's children, sign them up for an academy, and apply a discount code or sell an extra on
 * the customer's order — the customer's own roads, taken for them. Customers' accounts only: a
 * staff account's id answers 404.
 */

const customer = z.object({ userId: pathId })
const childAnswer = z.object({ child: Child, customer: CustomerRecord })
const orderAnswer = z.object({ order: OrderCheckout, customer: CustomerRecord })
const customerOrder = z.object({ userId: pathId, orderId: pathId })

export const addChildAtDesk = contract({
  method: 'POST',
  url: '/api/desk/customers/:userId/children',
  access: 'staff',
  summary: 'Add a child to a customer’s account at the desk, by the same form rules as Add a child (staff may go past the children a customer may add)',
  params: customer,
  body: formBody(ChildForm),
  responses: { 201: childAnswer },
})

export const updateChildAtDesk = contract({
  method: 'POST',
  url: '/api/desk/customers/:userId/children/:childId',
  access: 'staff',
  summary: "Change a customer's child's details at the desk (404 for a child of another account)",
  params: z.object({ userId: pathId, childId: pathId }),
  body: formBody(ChildForm),
  responses: { 200: childAnswer },
})

export { signUpForAcademyAtDesk } from './academies.ts'

export const applyDiscountAtDesk = contract({
  method: 'POST',
  url: '/api/desk/customers/:userId/orders/:orderId/discount-code',
  access: 'staff',
  summary: "Enter a discount code on a customer's order at the desk: counted as the customer's use of it",
  params: customerOrder,
  body: applyOrderDiscount.body,
  responses: { 200: orderAnswer },
})

export const addExtraAtDesk = contract({
  method: 'POST',
  url: '/api/desk/customers/:userId/orders/:orderId/extras',
  access: 'staff',
  summary: "Sell an extra offered with a customer's order (a jersey, in a size) at the desk, as a line of its own",
  params: customerOrder,
  body: addOrderExtra.body,
  responses: { 201: orderAnswer },
})
