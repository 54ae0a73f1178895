// Only the styles of the first screens (login, layout, vacancy list); later screens bring all of Mantine's
// (web/src/styles-all.ts), so the first load carries a third of the CSS.
import '@mantine/core/styles/baseline.css'
import '@mantine/core/styles/default-css-variables.css'
import '@mantine/core/styles/global.css'
import '@mantine/core/styles/AppShell.css'
import '@mantine/core/styles/Burger.css'
import '@mantine/core/styles/Group.css'
import '@mantine/core/styles/Indicator.css'
import '@mantine/core/styles/NavLink.css'
import '@mantine/core/styles/Text.css'
import '@mantine/core/styles/UnstyledButton.css'
import '@mantine/core/styles/Alert.css'
import '@mantine/core/styles/Button.css'
import '@mantine/core/styles/Center.css'
import '@mantine/core/styles/Paper.css'
import '@mantine/core/styles/PasswordInput.css'
import '@mantine/core/styles/Stack.css'
import '@mantine/core/styles/Input.css'
import '@mantine/core/styles/Title.css'
import '@mantine/core/styles/Anchor.css'
import '@mantine/core/styles/Badge.css'
import '@mantine/core/styles/Card.css'
import '@mantine/core/styles/Grid.css'
import '@mantine/core/styles/SimpleGrid.css'
import '@mantine/core/styles/Loader.css'
import '@mantine/core/styles/Pagination.css'
import '@mantine/core/styles/CloseButton.css'
import '@mantine/core/styles/ActionIcon.css'
import '@mantine/core/styles/Combobox.css'
import '@mantine/core/styles/InlineInput.css'
import '@mantine/core/styles/VisuallyHidden.css'
// Any screen on paper: no menu, no buttons, whole tables (docs/decisions.md, "Printing").
import './print.css'
import { MantineProvider } from '@mantine/core'
import { lazy, StrictMode, Suspense } from 'react'
import { createRoot } from 'react-dom/client'
import { App } from './App'
import { LapsedSessionPrompt } from './features/auth/lapsed-session'
import { SessionProvider } from './features/auth/session'
import { loadVocabulary } from './lib/labels'
import { reloadOnce } from './lib/reload-once'
import { theme } from './theme'

// The toasts' container (and its transitions) loads after the first screen; nothing shows a toast before.
const Notifications = lazy(() => import('./Notifications'))

// A screen's script that failed to load (a release since the tab opened, or the network): one reload to
// the current release; the screen's error view shows meanwhile, and stays if that does not help (App.tsx).
window.addEventListener('vite:preloadError', () => {
  reloadOnce()
})

// The service's words for every code, asked in parallel with the first screen's requests (lib/labels.ts).
loadVocabulary().catch(() => {})

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <MantineProvider theme={theme} defaultColorScheme="light">
      <Suspense fallback={null}>
        <Notifications />
      </Suspense>
      <SessionProvider>
        <App />
        <LapsedSessionPrompt />
      </SessionProvider>
    </MantineProvider>
  </StrictMode>,
)
