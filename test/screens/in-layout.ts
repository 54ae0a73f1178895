import { MantineProvider } from '@mantine/core'
import { render } from '@testing-library/react'
import { createElement as h, type ReactElement } from 'react'
import { MemoryRouter, Route, Routes } from 'react-router'
import { SessionProvider } from '../../web/src/features/auth/session'
import { Layout } from '../../web/src/Layout'

/**
 * The app as a signed-in user meets it: the session, the Layout (menu, bell, banners) and, inside it, `routes`
 * (path → element), opened at `url`. For screens whose behaviour involves the Layout (the bell, the acting
 * company, the company banner).
 */
export function renderInLayout(url: string, routes: Record<string, ReactElement>) {
  if (!('fonts' in document))
    Object.defineProperty(document, 'fonts', {
      value: { addEventListener() {}, removeEventListener() {}, ready: Promise.resolve() },
    })
  return render(
    h(
      MantineProvider,
      null,
      h(
        SessionProvider,
        null,
        h(
          MemoryRouter,
          { initialEntries: [url] },
          h(
            Routes,
            null,
            h(
              Route,
              { element: h(Layout) },
              ...Object.entries(routes).map(([path, element]) => h(Route, { key: path, path, element })),
            ),
          ),
        ),
      ),
    ),
  )
}
