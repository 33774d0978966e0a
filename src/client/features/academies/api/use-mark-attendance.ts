import { useMutation, useQueryClient } from '@tanstack/react-query'
import type { AttendanceMark, AttendanceSheet, markAttendance } from '../../../../shared/contracts/attendance.ts'
import { call } from '../../../lib/endpoint.ts'
import { withMark, withoutMark } from '../attendance-text.ts'
import { attendanceQuery } from './use-attendance.ts'

/**
 * Marks one participant present or absent at the door: the sheet shows the mark at once, and a
 * mark the server refuses is put back to what the cell held, that cell alone, so the taps made
 * meanwhile on other cells (or later on this one) stay. The sheet is not read again after each tap: the answer is the mark.
 */
export function useMarkAttendance(academyId: string) {
  const client = useQueryClient()
  const { queryKey } = attendanceQuery(academyId)
  const update = (change: (sheet: AttendanceSheet) => AttendanceSheet) => client.setQueryData(queryKey, (sheet) => sheet && change(sheet))
  return useMutation({
    mutationFn: (mark: AttendanceMark) => call<typeof markAttendance>('POST', '/api/admin/academies/:academyId/attendance', { params: { academyId }, body: mark }),
    onMutate: async (mark) => {
      await client.cancelQueries({ queryKey })
      const before = client.getQueryData(queryKey)?.marks.find((m) => m.registrationId === mark.registrationId && m.sessionDate === mark.sessionDate)
      update((sheet) => ({ ...sheet, marks: withMark(sheet.marks, mark) }))
      return { before }
    },
    onError: (_error, mark, context) => {
      update((sheet) => {
        // A later tap on the cell already replaced this mark: that one stands.
        const shown = sheet.marks.find((m) => m.registrationId === mark.registrationId && m.sessionDate === mark.sessionDate)
        if (shown?.present !== mark.present) return sheet
        return { ...sheet, marks: context?.before ? withMark(sheet.marks, context.before) : withoutMark(sheet.marks, mark) }
      })
    },
  })
}
