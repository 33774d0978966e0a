import { ApiError } from './api.ts'
import type { UseForm } from './use-form.ts'

/**
 * A staff form's save (leagues, academies, the price list), once its field rules passed: the
 * checks across fields first, shown under their fields; then `save`, whose refusal the server
 * words field by field; anything else as `failed`.
 */
export async function saveStaffForm<K extends string>(form: UseForm<K>, problems: Partial<Record<K, string>>, save: () => Promise<void>, failed: string): Promise<void> {
  if (Object.keys(problems).length > 0) return form.setServerErrors(problems)
  try {
    await save()
  } catch (error) {
    if (error instanceof ApiError) form.setServerErrors(error.fields as Partial<Record<K, string>>, error.message)
    else form.setServerErrors({}, failed)
  }
}
