import { createContext, type ReactNode, useCallback, useContext, useEffect, useMemo, useState } from 'react'
import {
  ApiError,
  api,
  setPasswordChangeRequiredHandler,
  setUnauthorizedHandler,
  token,
  unwrap,
} from '../../api/client'
import type { paths } from '../../api/schema'
import { stopActing } from '../../lib/acting-company'

export type Me = paths['/api/me']['get']['responses']['200']['content']['application/json']['data']
export type Role = Me['role']

interface Session {
  user: Me | null
  ready: boolean
  /** True after the user logged out here: the login page then gets no `next` (nobody else's last page). */
  signedOut: boolean
  login(email: string, password: string): Promise<Me>
  logout(): Promise<void>
  refresh(): Promise<void>
}

const SessionContext = createContext<Session | null>(null)

const USER_KEY = 'bursa_user'

/**
 * Someone logged out at this tab, and nobody has logged in since: kept for the tab (sessionStorage), so that
 * Back to a private page that reloads still leads to the plain login page, not to `?next=` that page for the
 * next person at a shared computer.
 */
const SIGNED_OUT_KEY = 'bursa_signed_out'
function signedOutHere(): boolean {
  try {
    return sessionStorage.getItem(SIGNED_OUT_KEY) === '1'
  } catch {
    return false
  }
}

/** The last known account of the stored token: the first screen renders at once, /api/me confirms it. */
function cachedUser(): Me | null {
  if (!token.get()) return null
  try {
    return JSON.parse(localStorage.getItem(USER_KEY) ?? 'null') as Me | null
  } catch {
    return null
  }
}

export function SessionProvider({ children }: { children: ReactNode }) {
  const [user, setUserState] = useState<Me | null>(cachedUser)
  const [ready, setReady] = useState(() => cachedUser() !== null)
  const [signedOut, setSignedOutState] = useState(signedOutHere)
  const setSignedOut = useCallback((value: boolean) => {
    try {
      if (value) sessionStorage.setItem(SIGNED_OUT_KEY, '1')
      else sessionStorage.removeItem(SIGNED_OUT_KEY)
    } catch {}
    setSignedOutState(value)
  }, [])
  const setUser = useCallback((me: Me | null) => {
    if (me) localStorage.setItem(USER_KEY, JSON.stringify(me))
    else localStorage.removeItem(USER_KEY)
    // Acting for a company belongs to who chose it: signed out (or another account signing in at this
    // tab), nobody acts for it any more.
    if (!me) stopActing()
    setUserState(me)
  }, [])

  const refresh = useCallback(async () => {
    if (!token.get()) {
      setUser(null)
      return
    }
    try {
      setUser((await unwrap(api.GET('/api/me'))).data)
    } catch (err) {
      // Offline or a server error keeps the known account; a refused token signs out.
      if (!(err instanceof ApiError) || err.status === 401 || err.status === 403) setUser(null)
    }
  }, [setUser])

  useEffect(() => {
    setUnauthorizedHandler(() => {
      token.clear()
      setUser(null)
    })
    // The account now shows `mustChangePassword`, and the layout sends it to the change-password screen.
    setPasswordChangeRequiredHandler(() => {
      refresh()
    })
    refresh().finally(() => setReady(true))
  }, [refresh, setUser])

  const login = useCallback(
    async (email: string, password: string) => {
      const res = await unwrap(api.POST('/api/login', { body: { email, password } }))
      stopActing()
      token.set(res.data.token)
      const me = (await unwrap(api.GET('/api/me'))).data
      setSignedOut(false)
      setUser(me)
      return me
    },
    [setUser, setSignedOut],
  )

  const logout = useCallback(async () => {
    try {
      await api.POST('/api/logout')
    } finally {
      token.clear()
      setSignedOut(true)
      setUser(null)
    }
  }, [setUser, setSignedOut])

  const value = useMemo(
    () => ({ user, ready, signedOut, login, logout, refresh }),
    [user, ready, signedOut, login, logout, refresh],
  )
  return <SessionContext.Provider value={value}>{children}</SessionContext.Provider>
}

export function useSession(): Session {
  const s = useContext(SessionContext)
  if (!s) throw new Error('useSession outside SessionProvider')
  return s
}

/** The signed-in user (inside the guarded layout, always there). */
export function useMe(): Me {
  const { user } = useSession()
  if (!user) throw new Error('no user')
  return user
}

export const isAdmin = (role: Role) => role === 'admin' || role === 'superadmin'
export const isLearner = (role: Role) => role === 'siswa' || role === 'alumni'

/** The first screen of each role. */
export function homeOf(role: Role): string {
  if (role === 'hrd') return '/hrd'
  if (role === 'admin' || role === 'superadmin') return '/admin'
  return '/lowongan'
}
