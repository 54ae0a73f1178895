/**
 * Answers fetched by the inline script of index.html before the app's scripts arrived: the first screen's
 * GET requests (the account, and on /lowongan the vacancy list and its filter options). A request of the
 * app takes such an answer over once, when it is the same GET with the same token within the first seconds
 * of the page; anything else goes to the network as usual.
 */
interface Early {
  token: string
  answers: Record<string, Promise<Response> | undefined>
}

declare global {
  interface Window {
    __bursaEarly?: Early
  }
}

const FRESH_FOR_MS = 15_000

/** Path and sorted query: the same request whatever order its parameters were written in. */
export function requestKey(url: string): string {
  const u = new URL(url, 'http://x')
  u.searchParams.sort()
  return u.pathname + u.search
}

export function takeEarly(request: Request): Promise<Response> | undefined {
  if (typeof window === 'undefined') return undefined
  const early = window.__bursaEarly
  if (!early || request.method !== 'GET' || performance.now() > FRESH_FOR_MS) return undefined
  if (request.headers.get('authorization') !== `Bearer ${early.token}`) return undefined
  const key = requestKey(request.url)
  const answer = early.answers[key]
  early.answers[key] = undefined
  return answer
}

/** fetch for the API client: an early answer when there is one (the network if it failed), else fetch. */
export function earlyFetch(request: Request): Promise<Response> {
  const answer = takeEarly(request)
  return answer ? answer.catch(() => fetch(request)) : fetch(request)
}
