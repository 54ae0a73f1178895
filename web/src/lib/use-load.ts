import { type DependencyList, useCallback, useEffect, useRef, useState } from 'react'
import { ApiError } from '../api/client'

export interface Loaded<T> {
  data?: T
  error?: ApiError
  loading: boolean
  reload: () => void
  /**
   * Loads again without showing it (no dimming, the data on screen until the answer replaces it; a failure keeps
   * it): a list kept up to date by a timer.
   */
  refresh: () => void
}

/** Runs `load` when `deps` change; the last answer wins (an older slow answer is ignored). */
export function useLoad<T>(load: () => Promise<T>, deps: DependencyList): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: ApiError; loading: boolean }>({ loading: true })
  const [tick, setTick] = useState(0)
  const seq = useRef(0)
  const quiet = useRef(false)
  // biome-ignore lint/correctness/useExhaustiveDependencies: deps are the caller's
  useEffect(() => {
    const mine = ++seq.current
    const silent = quiet.current
    quiet.current = false
    if (silent) {
      load().then(
        (data) => mine === seq.current && setState({ data, loading: false }),
        () => mine === seq.current && setState((s) => ({ ...s, loading: false })),
      )
      return
    }
    setState((s) => ({ ...s, loading: true, error: undefined }))
    load().then(
      (data) => mine === seq.current && setState({ data, loading: false }),
      (err) =>
        mine === seq.current &&
        setState((s) => ({
          data: s.data,
          loading: false,
          error: err instanceof ApiError ? err : new ApiError(0, String(err?.message ?? err)),
        })),
    )
  }, [...deps, tick])
  const reload = useCallback(() => setTick((t) => t + 1), [])
  const refresh = useCallback(() => {
    quiet.current = true
    setTick((t) => t + 1)
  }, [])
  return { ...state, reload, refresh }
}
