import {
  Alert,
  Button,
  Center,
  FocusTrap,
  Group,
  Paper,
  PasswordInput,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { createPortal } from 'react-dom'
import { ApiError, fieldErrors } from '../../api/client'
import { retryAfterOf, retryMessage, useRetryWait } from '../../lib/retry-wait'
import { tabTitle } from '../../lib/school'
import { useSession } from './session'

/** Mounted beside the app (main.tsx): the prompt while the session has lapsed, nothing otherwise. */
export function LapsedSessionPrompt() {
  const { lapsed, user } = useSession()
  if (lapsed === null || user === null) return null
  return <LapsedSession reason={lapsed} />
}

/**
 * While the prompt is up, everything else in the page (the app, and the modals, drawers, menus and notices
 * Mantine puts in portals of their own) is inert and hidden from assistive technology: nothing of the screen
 * is read, clicked or reached by Tab, and its modal's focus trap or Escape cannot take the keyboard. The tab's
 * title names no one. All is put back as it was when the prompt goes.
 */
function useAloneInPage(prompt: React.RefObject<HTMLElement | null>) {
  useEffect(() => {
    const own = prompt.current
    if (!own) return
    const held: { el: Element; inert: boolean; hidden: string | null }[] = []
    const hold = (el: Element) => {
      if (el === own || el.contains(own) || held.some((h) => h.el === el)) return
      if (el.tagName === 'SCRIPT' || el.tagName === 'STYLE') return
      held.push({ el, inert: (el as HTMLElement).inert, hidden: el.getAttribute('aria-hidden') })
      ;(el as HTMLElement).inert = true
      el.setAttribute('aria-hidden', 'true')
    }
    for (const el of Array.from(document.body.children)) hold(el)
    // A portal opened meanwhile (a notification of the 401 that lapsed the session) is held too.
    const watch = new MutationObserver((changes) => {
      for (const c of changes) for (const n of Array.from(c.addedNodes)) if (n instanceof Element) hold(n)
    })
    watch.observe(document.body, { childList: true })
    // Escape belongs to the prompt: a Mantine modal underneath listens for it on the window (capturing), and
    // would close with the cover letter typed in it, unless the key comes from an element marked so.
    const mark = (el: EventTarget | null) => {
      if (el instanceof Element && own.contains(el)) el.setAttribute('data-mantine-stop-propagation', 'true')
    }
    mark(document.activeElement)
    const focused = (e: FocusEvent) => mark(e.target)
    own.addEventListener('focusin', focused)
    const title = document.title
    document.title = tabTitle('Sesi berakhir')
    return () => {
      own.removeEventListener('focusin', focused)
      watch.disconnect()
      for (const h of held) {
        ;(h.el as HTMLElement).inert = h.inert
        if (h.hidden === null) h.el.removeAttribute('aria-hidden')
        else h.el.setAttribute('aria-hidden', h.hidden)
      }
      document.title = title
    }
  }, [prompt])
}

/**
 * The session ended under the user while they worked (it expired, or a logout elsewhere ended it): the screen
 * stays mounted, hidden behind this opaque layer and made inert (at a shared computer nobody reads or reaches
 * it meanwhile), and the
 * account's password brings the session back with what the user typed still there. "Keluar" ends it as a
 * logout does. Before, the screen gave way to the login page and a cover letter or a tracer answer being typed
 * was lost. Built of the login page's components: it is in the first bundle, with nothing to load when it is
 * needed (a release meanwhile would have removed a lazy chunk).
 */
function LapsedSession({ reason }: { reason: string }) {
  const { user, resume, logout } = useSession()
  const prompt = useRef<HTMLDivElement>(null)
  useAloneInPage(prompt)
  const [password, setPassword] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<string | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  // Too many attempts (429), as at the login page: "Masuk lagi" stays off while the message counts the wait down,
  // and Enter sends nothing meanwhile.
  const [refusal, setRefusal] = useState<unknown>(null)
  const wait = useRetryWait(refusal)

  async function submit(e: FormEvent) {
    e.preventDefault()
    if (wait > 0) return
    setBusy(true)
    setError(null)
    setErrors({})
    setRefusal(null)
    try {
      await resume(password)
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Gagal masuk.')
      setErrors(fieldErrors(err))
      setRefusal(err)
    } finally {
      setBusy(false)
    }
  }

  return createPortal(
    <div
      ref={prompt}
      role="dialog"
      aria-modal="true"
      aria-labelledby="sesi-berakhir"
      style={{
        position: 'fixed',
        inset: 0,
        zIndex: 10000,
        background: 'var(--mantine-color-gray-0)',
        overflowY: 'auto',
      }}
    >
      {/* The keyboard stays in the prompt: Tab past "Keluar" comes back to the password. */}
      <FocusTrap active>
        <Center mih="100%" p="md">
          <Paper withBorder shadow="sm" p="lg" w="100%" maw={420}>
            <form onSubmit={submit} noValidate>
              <Stack>
                <Title order={1} size="h3" id="sesi-berakhir">
                  Sesi Anda berakhir
                </Title>
                <Text size="sm">{reason}</Text>
                <Text size="sm">
                  Masuk lagi sebagai <b>{user?.email}</b> untuk melanjutkan. Yang sudah Anda isi di halaman
                  ini tetap ada.
                </Text>
                {error && (
                  <Alert color="red" role="alert">
                    {retryAfterOf(refusal) ? retryMessage(error, wait) : error}
                  </Alert>
                )}
                <PasswordInput
                  label="Kata sandi"
                  autoComplete="current-password"
                  value={password}
                  onChange={(e) => setPassword(e.currentTarget.value)}
                  error={errors.password}
                  data-autofocus
                  autoFocus
                  required
                />
                <Group justify="space-between">
                  <Button type="submit" loading={busy} disabled={wait > 0}>
                    Masuk lagi
                  </Button>
                  <Button variant="subtle" color="gray" onClick={() => logout()}>
                    Keluar
                  </Button>
                </Group>
              </Stack>
            </form>
          </Paper>
        </Center>
      </FocusTrap>
    </div>,
    document.body,
  )
}
