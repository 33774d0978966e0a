import { useQuery } from '@tanstack/react-query'
import { playingAreasQuery } from '../../../queries/playing-areas.ts'

/** The facility's playing areas' names, which a program's "Where" books when it names one (none while they load). */
export function useAreaNames(): readonly string[] {
  const { data } = useQuery(playingAreasQuery())
  return data?.areas.map((area) => area.name) ?? []
}
