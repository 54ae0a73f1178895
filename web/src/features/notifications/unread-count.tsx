import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState } from 'react'
import { useLocation } from 'react-router'
import { api } from '../../api/client'

/**
 * The caller's unread notifications, as the bell in the header shows them. Layout owns the count
 * (`useUnreadCountSource`) and shares it (`UnreadCount.Provider`): the notifications page pushes the count of
 * each list it reads (`set`) and asks for it again after marking one read on its way elsewhere (`refresh`), so
 * the bell follows at once instead of at the next move or minute.
 */
export interface UnreadCountState {
  count: number
  /** Reads the count again from the service. */
  refresh: () => void
  /** The count the service has just answered (a list's `meta.unreadCount`). */
  set: (count: number) => void
}

export const UnreadCount = createContext<UnreadCountState>({ count: 0, refresh() {}, set() {} })

/** The shared count, for a screen that changes it (outside Layout: a count nobody shows). */
export const useUnreadCount = () => useContext(UnreadCount)

/**
 * The count Layout shares: read on navigation, every minute while the tab is in view, when it comes back into
 * view and on `refresh` (not while `off`). The last
 * answer asked for wins: an earlier read answering late does not undo a later one or a `set`.
 */
export function useUnreadCountSource(off = false): UnreadCountState {
  const [count, setCount] = useState(0)
  const { pathname } = useLocation()
  const seq = useRef(0)
  const alive = useRef(true)
  useEffect(() => {
    alive.current = true
    return () => {
      alive.current = false
    }
  }, [])
  const ask = useCallback(
    (background: boolean) => {
      if (off) return
      const mine = ++seq.current
      api
        .GET('/api/notifications', {
          params: { query: { per_page: 1 } },
          // The minute's ask is the tab's, not the person's: it must not keep an unused session alive.
          ...(background ? { headers: { 'x-background': '1' } } : {}),
        })
        .then(
          ({ data }) => {
            const meta = data?.meta as { unreadCount?: number } | undefined
            if (alive.current && mine === seq.current && meta) setCount(meta.unreadCount ?? 0)
          },
          () => {},
        )
    },
    [off],
  )
  const refresh = useCallback(() => ask(false), [ask])
  const set = useCallback((n: number) => {
    ++seq.current
    setCount(n)
  }, [])
  // Every minute while the tab is in view, and when it comes back: a hidden tab asking every minute kept its session
  // alive for good, past the service's idle limit (a lab tab left open, the next person signed in as its owner).
  // These asks are marked as the tab's own (`X-Background`), so a tab left in view does not keep it alive either.
  // biome-ignore lint/correctness/useExhaustiveDependencies: read again on navigation
  useEffect(() => {
    if (off) return
    refresh()
    const inView = () => {
      if (document.visibilityState === 'visible') ask(true)
    }
    const timer = setInterval(inView, 60_000)
    document.addEventListener('visibilitychange', inView)
    return () => {
      clearInterval(timer)
      document.removeEventListener('visibilitychange', inView)
    }
  }, [pathname, refresh, ask, off])
  return useMemo(() => ({ count, refresh, set }), [count, refresh, set])
}
