import { api, unwrap } from '../../api/client'
import { useLoad } from '../../lib/use-load'
import { useMe } from '../auth/session'

/** The signed-in learner's portfolio (profile, completeness, files): a student's or an alumnus's route. */
export function usePortfolio() {
  const me = useMe()
  return useLoad(
    () =>
      me.role === 'alumni'
        ? unwrap(api.GET('/api/alumni/portfolio/profile'))
        : unwrap(api.GET('/api/siswa/portfolio/profile')),
    [me.role],
  )
}
