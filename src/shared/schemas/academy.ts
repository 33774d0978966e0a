export interface Academy {
  id: string
  name: string
  description: string | null
  registrationDate: string
  startDate: string
  endDate: string
}
