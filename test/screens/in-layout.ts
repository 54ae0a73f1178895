import { createElement as h, type ReactElement } from 'react'
import { createMemoryRouter, RouterProvider } from 'react-router'
import { SessionProvider } from '../../web/src/features/auth/session'
import { Layout } from '../../web/src/Layout'
import { mount } from '../support/screen.js'

/**
 * The app as a signed-in user meets it: the session, the Layout (menu, bell, banners) and, inside it, `routes`
 * (path → element), opened at `url`, in a data router as the client's. For screens whose behaviour involves the
 * Layout (the bell, the acting company, the company banner).
 */
export function renderInLayout(url: string, routes: Record<string, ReactElement>) {
  const children = Object.entries(routes).map(([path, element]) => ({ path, element }))
  const router = createMemoryRouter([{ element: h(Layout), children }], { initialEntries: [url] })
  return mount(h(SessionProvider, null, h(RouterProvider, { router })))
}
