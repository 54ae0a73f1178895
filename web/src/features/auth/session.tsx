import {
  createContext,
  Fragment,
  type ReactNode,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useRef,
  useState,
} from 'react'
import {
  ACCOUNT_DEACTIVATED,
  ApiError,
  api,
  setAccountChangedHandler,
  setUnauthorizedHandler,
  TOKEN_KEY,
  toApiError,
  token,
  unwrap,
} from '../../api/client'
import type { paths } from '../../api/schema'
import { stopActing } from '../../lib/acting-company'
import { forgetDrafts, forgetDraftsAsTold } from '../../lib/tab-drafts'

export type Me = paths['/api/me']['get']['responses']['200']['content']['application/json']['data']
export type Role = Me['role']

interface Session {
  user: Me | null
  ready: boolean
  /** True after the user logged out here: the login page then gets no `next` (nobody else's last page). */
  signedOut: boolean
  /** Why the last session of this tab ended (a 401's message), for the login page; null once signed in. */
  ended: string | null
  /**
   * Why the session ended under the user while they worked (it expired, or was ended elsewhere): the screen
   * stays as it is, hidden, under a prompt for the account's password (`resume`), so that what they typed is
   * not lost; null otherwise.
   */
  lapsed: string | null
  /** Signs the same account in again with its password, over the screen it was on. */
  resume(password: string): Promise<void>
  login(email: string, password: string): Promise<Me>
  logout(): Promise<void>
  /** Reads the account again; `background`: the tab's own ask (a poll), which does not count as use. */
  refresh(opts?: { background?: boolean }): Promise<void>
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

/**
 * Why the session ended under the user (the token expired, was revoked by a logout elsewhere, the account was
 * deactivated: the 401's message), kept for the tab until someone signs in, so that the login page it lands on
 * says why the screen they were working on went away.
 */
const ENDED_KEY = 'bursa_session_ended'
const SESSION_ENDED = 'Sesi Anda berakhir. Silakan masuk kembali.'
const ENDED_ELSEWHERE = 'Sesi Anda berakhir di tab lain. Silakan masuk kembali.'
function endedHere(): string | null {
  try {
    return sessionStorage.getItem(ENDED_KEY)
  } catch {
    return null
  }
}

function parseUser(raw: string | null): Me | null {
  try {
    return JSON.parse(raw ?? 'null') as Me | null
  } catch {
    return null
  }
}

/**
 * The account of a token a sign-in was just given, asked with that token (not the one stored: the client's
 * middleware would send that). The sign-in stores its token only once this answered: a network that drops in
 * between left a session in the browser while the login page said the sign-in failed (a school lab's next person
 * found it).
 */
async function accountOf(given: string): Promise<Me> {
  let res: Response
  try {
    res = await fetch(`${location.origin}/api/me`, {
      headers: { authorization: `Bearer ${given}`, accept: 'application/json', 'accept-language': 'id' },
    })
  } catch {
    throw toApiError(0, null)
  }
  const body = await res.json().catch(() => null)
  if (!res.ok) throw toApiError(res.status, body, res.headers.get('retry-after'))
  return (body as { data: Me }).data
}

/**
 * Ends `held` on the service, in the background, with that token (the browser holds it no more, or another one):
 * the browser's session is gone already, and a revocation that fails (a stalled network) only leaves a token
 * that expires by itself.
 */
function revoke(held: string) {
  fetch(`${location.origin}/api/logout`, {
    method: 'POST',
    headers: { authorization: `Bearer ${held}`, accept: 'application/json', 'accept-language': 'id' },
    keepalive: true,
  }).catch(() => {})
}

/** The account of a sign-in's new token; when it cannot be read, the token is revoked, never kept. */
async function accountOfNew(given: string): Promise<Me> {
  try {
    return await accountOf(given)
  } catch (err) {
    revoke(given)
    throw err
  }
}

/** The last known account of the stored token: the first screen renders at once, /api/me confirms it. */
function cachedUser(): Me | null {
  if (!token.get()) return null
  return parseUser(localStorage.getItem(USER_KEY))
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
  const [ended, setEndedState] = useState(endedHere)
  const setEnded = useCallback((message: string | null) => {
    try {
      if (message) sessionStorage.setItem(ENDED_KEY, message)
      else sessionStorage.removeItem(ENDED_KEY)
    } catch {}
    setEndedState(message)
  }, [])
  const setUser = useCallback(
    (me: Me | null) => {
      if (me) localStorage.setItem(USER_KEY, JSON.stringify(me))
      else localStorage.removeItem(USER_KEY)
      // Acting for a company belongs to who chose it: signed out (or another account signing in at this
      // tab), nobody acts for it any more.
      if (!me) stopActing()
      // Signed in: the reason the last session ended is told no more.
      else setEnded(null)
      setUserState(me)
    },
    [setEnded],
  )

  // The token the service confirmed in this page's life (/api/me or a login answered with it): a 401 for it
  // is a session that lapsed under the user, one for any other (a reload with an expired token, a token that
  // was never good) leads to the login page.
  const confirmed = useRef<string | null>(null)
  const [lapsed, setLapsed] = useState<string | null>(null)
  // The prompt as the listeners below see it at once (the 401 handler sets it before the render does).
  const lapsedNow = useRef(false)
  lapsedNow.current = lapsed !== null
  const shown = useRef(user)
  shown.current = user

  const refresh = useCallback(
    async ({ background = false }: { background?: boolean } = {}) => {
      const sent = token.get()
      if (!sent) {
        setUser(null)
        return
      }
      try {
        const me = (await unwrap(api.GET('/api/me', background ? { headers: { 'x-background': '1' } } : {})))
          .data
        // Signed out (or in as another account) while it was asked: the answer is of a session gone.
        if (token.get() !== sent) return
        confirmed.current = sent
        setLapsed(null)
        setUser(me)
      } catch (err) {
        // Offline or a server error keeps the known account; a refused token is the 401 handler's (below).
        if (!(err instanceof ApiError) || err.status === 403) setUser(null)
      }
    },
    [setUser],
  )

  useEffect(() => {
    setUnauthorizedHandler((message, code, sent) => {
      const held = token.get()
      // A late answer to a request sent with a token no longer held (the password given again meanwhile, or
      // another tab signed in): it says nothing of the session this tab has now.
      if (sent !== held) return
      // The session this tab worked in lapsed (expired, or ended by a logout elsewhere): the screen stays,
      // hidden under the password prompt, with what the user typed. A deactivated account cannot come back.
      if (held && held === confirmed.current && shown.current && code !== ACCOUNT_DEACTIVATED) {
        lapsedNow.current = true
        setLapsed((was) => was ?? message ?? SESSION_ENDED)
        return
      }
      // Only a session that was there ends with a word (the later 401s of parallel calls add none).
      if (held) setEnded(message ?? SESSION_ENDED)
      token.clear()
      confirmed.current = null
      setLapsed(null)
      setUser(null)
    })
    // The account now shows `mustChangePassword` (the layout sends it to the change-password screen), or its
    // new role (the screens of the old one give way to its home).
    setAccountChangedHandler(() => {
      refresh()
    })
    refresh().finally(() => setReady(true))
  }, [refresh, setUser, setEnded])

  // Another tab of this browser signing in (as anyone) or out changes the token every tab sends: this tab
  // follows, reloading the account of the new token, or going to the login page, rather than showing the
  // old account's name over the new account's data.
  useEffect(() => {
    const follow = (e: StorageEvent) => {
      if (e.storageArea !== localStorage) return
      forgetDraftsAsTold(e)
      if (e.key !== null && e.key !== TOKEN_KEY && e.key !== USER_KEY) return
      if (!token.get()) {
        // A tab under the password prompt stays there: the token it held was dead already (another tab
        // opened with it cleared it), and its screen waits for the password, or for a sign-in elsewhere.
        if (shown.current && !lapsedNow.current) {
          setEnded(ENDED_ELSEWHERE)
          // As a logout here: the login page gets no `next` (a shared computer's next person).
          setSignedOut(true)
          setUser(null)
        }
        return
      }
      // The account another tab stored: only a different one needs a look (its token changed too).
      if (e.key === USER_KEY && parseUser(e.newValue)?.id === shown.current?.id) return
      refresh()
    }
    window.addEventListener('storage', follow)
    return () => window.removeEventListener('storage', follow)
  }, [refresh, setUser, setEnded, setSignedOut])

  // Another account taking over the tab (above, without a sign-out in between): its screens start afresh,
  // none keeps what it loaded for the previous one.
  const [account, setAccount] = useState({ id: user?.id, generation: 0 })
  if (account.id !== user?.id)
    setAccount({
      id: user?.id,
      generation: account.id !== undefined && user ? account.generation + 1 : account.generation,
    })

  const login = useCallback(
    async (email: string, password: string) => {
      const res = await unwrap(api.POST('/api/login', { body: { email, password } }))
      const me = await accountOfNew(res.data.token)
      stopActing()
      token.set(res.data.token)
      confirmed.current = res.data.token
      setLapsed(null)
      setSignedOut(false)
      setUser(me)
      return me
    },
    [setUser, setSignedOut],
  )

  // The same account again, over the screen it lapsed on: acting for a company goes on, nothing is reloaded.
  const resume = useCallback(
    async (password: string) => {
      const email = shown.current?.email
      if (!email) return
      const res = await unwrap(api.POST('/api/login', { body: { email, password } }))
      const me = await accountOfNew(res.data.token)
      token.set(res.data.token)
      confirmed.current = res.data.token
      setLapsed(null)
      setUser(me)
    },
    [setUser],
  )

  // The browser's session ends at once (the token and the account the other tabs follow, the account's drafts
  // in every tab), then the service is told in the background: "Keluar" on a stalled network left the learner
  // signed in, walking away, until the server answered.
  const logout = useCallback(async () => {
    const held = token.get()
    const who = shown.current
    token.clear()
    confirmed.current = null
    setLapsed(null)
    setSignedOut(true)
    setEnded(null)
    setUser(null)
    if (who) forgetDrafts(who.id)
    if (held) revoke(held)
  }, [setUser, setSignedOut, setEnded])

  const value = useMemo(
    () => ({ user, ready, signedOut, ended, lapsed, resume, login, logout, refresh }),
    [user, ready, signedOut, ended, lapsed, resume, login, logout, refresh],
  )
  return (
    <SessionContext.Provider value={value}>
      <Fragment key={account.generation}>{children}</Fragment>
    </SessionContext.Provider>
  )
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
