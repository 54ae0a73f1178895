/**
 * A screen of the web client rendered in happy-dom against the real service: the client's fetch is answered by
 * the test app (`inject`), with the caller's token where the client keeps it. For a page's states and the
 * actions it offers; whole journeys in a real browser are in test/web/. A file using it starts with
 * `// @vitest-environment happy-dom`.
 */
import { MantineProvider } from '@mantine/core'
import { render } from '@testing-library/react'
import { createElement as h, type ReactElement } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { theme } from '../../web/src/theme.js'
import { type Caller, call, type TestContext } from './app.js'
import { type FormValue, multipart } from './multipart.js'

/** The client's requests answered by the test app (`inject`), with the answer's headers as sent (`Retry-After`). */
export function answeredByApp(t: TestContext) {
  globalThis.fetch = (async (input: RequestInfo | URL, init?: RequestInit) => {
    const req = input instanceof Request ? input : new Request(String(input), init)
    const url = new URL(req.url)
    const body = req.method === 'GET' || req.method === 'HEAD' ? undefined : await req.text()
    const res = await t.app.inject({
      method: req.method as 'GET',
      url: url.pathname + url.search,
      headers: Object.fromEntries(req.headers.entries()),
      payload: body || undefined,
    })
    const headers = new Headers()
    for (const [k, v] of Object.entries(res.headers)) if (v !== undefined) headers.set(k, String(v))
    return new Response(res.body, { status: res.statusCode, headers })
  }) as typeof fetch
}

/** The client's requests go to the test app, as `token`'s holder. */
export function signedInTo(t: TestContext, token: string) {
  answeredByApp(t)
  localStorage.setItem('access_token', token)
}

/**
 * `signedInTo` with the account the client keeps for its first screen (as after a login), for a screen that reads
 * who is signed in (`useMe`) under the session.
 */
export async function signedInAs(t: TestContext, account: Caller & { token: string }) {
  signedInTo(t, account.token)
  const me = await call(t, 'GET', '/api/me', { as: account })
  localStorage.setItem('bursa_user', JSON.stringify(me.body.data))
}

/**
 * `tree` mounted as the client mounts its screens: in Mantine's provider with the app's theme (web/src/theme.ts),
 * happy-dom given what Mantine needs.
 */
export function mount(tree: ReactElement) {
  // happy-dom has no document.fonts, which Mantine's autosized text areas listen to.
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
    })
  return render(h(MantineProvider, { theme }, tree))
}

/**
 * `page` rendered at `url`, under the route `path` (its parameters come from the URL), in a data router as the
 * client's (a screen may block leaving while it holds unsaved work).
 */
export function renderScreen(page: ReactElement, path: string, url: string) {
  return mount(
    h(RouterProvider, { router: createMemoryRouter([{ path, element: page }], { initialEntries: [url] }) }),
  )
}

/**
 * The client's uploads (XMLHttpRequest, for their progress; `signedInTo` answers fetch only) sent to the test app
 * as multipart; answers the headers of each request sent, in order.
 */
export function answerUploads(t: TestContext) {
  const sent: Record<string, string>[] = []
  class AppXhr {
    status = 0
    responseText = ''
    upload: { onprogress?: (e: { loaded: number; total: number }) => void } = {}
    onload?: () => void
    onerror?: () => void
    private method = 'POST'
    private url = ''
    private headers: Record<string, string> = {}
    open(method: string, url: string) {
      this.method = method
      this.url = url
    }
    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value
    }
    async send(form: FormData) {
      const fields: [string, FormValue][] = []
      for (const [name, value] of form.entries())
        fields.push([
          name,
          typeof value === 'string'
            ? value
            : { data: Buffer.from(await value.arrayBuffer()), filename: value.name, contentType: value.type },
        ])
      const body = multipart(fields)
      sent.push({ ...this.headers })
      const res = await t.app.inject({
        method: this.method as 'POST',
        url: this.url,
        headers: { ...this.headers, ...body.headers },
        payload: body.body,
      })
      this.status = res.statusCode
      this.responseText = res.body
      this.onload?.()
    }
  }
  globalThis.XMLHttpRequest = AppXhr as unknown as typeof XMLHttpRequest
  return sent
}
