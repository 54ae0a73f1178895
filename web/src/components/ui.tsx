import { Alert, Button, Center, Group, Loader, Pagination, Stack, Text, Title } from '@mantine/core'
import { type ReactNode, useEffect, useRef } from 'react'
import { Link, useLocation } from 'react-router'
import { ApiError } from '../api/client'
import { schoolName, tabTitle } from '../lib/school'
import type { Loaded } from '../lib/use-load'

/**
 * Names the browser tab after the screen ("Masuk · bursa") while it shows; for the screens outside the layout
 * (login, the password pages, the company sign-up), which have no `useScreenHeading`. With SCHOOL_NAME set, the
 * school's instead of "bursa" ("Masuk · BKK SMKN 1 Bekasi", lib/school.ts).
 */
export function useTabTitle(title: string) {
  useEffect(() => {
    document.title = tabTitle(title)
    return () => {
      document.title = `bursa · ${schoolName() ? `BKK ${schoolName()}` : 'Bursa Kerja Khusus'}`
    }
  }, [title])
}

/** The path of the screen whose heading showed last; null until the first one shows. */
let shownPath: string | null = null

/**
 * A screen's heading (its h1): names the tab after it ("Lamaran saya · bursa"), and takes the focus when it
 * shows after a move to another screen (not on the first one), so a screen reader reads the new screen and
 * Tab goes on from its top instead of from the menu link. Returns the heading's props.
 */
export function useScreenHeading(title: string) {
  const ref = useRef<HTMLHeadingElement>(null)
  const { pathname } = useLocation()
  useTabTitle(title)
  useEffect(() => {
    const moved = shownPath !== null && shownPath !== pathname
    shownPath = pathname
    // Not when the focus is in the new screen already (a field typed into while it loaded).
    if (moved && !document.activeElement?.closest('main')) ref.current?.focus()
  }, [pathname])
  return { ref, tabIndex: -1 }
}

/** A value of a record with its label above it, as the detail dialogs show them; '–' when it is empty. */
export function Field({ label: name, children }: { label: string; children: ReactNode }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {name}
      </Text>
      <Text component="div" size="sm" style={{ overflowWrap: 'anywhere' }}>
        {children || '–'}
      </Text>
    </div>
  )
}

/** A screen's heading, with its actions on the right. */
export function PageTitle({ title, children }: { title: string; children?: ReactNode }) {
  const heading = useScreenHeading(title)
  return (
    <Group justify="space-between" mb="md" wrap="wrap" gap="sm">
      <Title order={1} size="h2" {...heading}>
        {title}
      </Title>
      {children && <Group gap="xs">{children}</Group>}
    </Group>
  )
}

export function Forbidden({ message }: { message?: string }) {
  return (
    <Center py="xl">
      <Stack align="center" gap="xs" maw={420} ta="center">
        <Title order={1} size="h2">
          Anda tidak punya akses
        </Title>
        <Text c="dimmed">{message ?? 'Halaman ini tidak tersedia untuk peran akun Anda.'}</Text>
        <Button component={Link} to="/" variant="light">
          Kembali ke beranda
        </Button>
      </Stack>
    </Center>
  )
}

export function NotFoundView({
  title = 'Halaman tidak ditemukan',
  message,
}: {
  title?: string
  message?: string
}) {
  return (
    <Center py="xl">
      <Stack align="center" gap="xs" maw={420} ta="center">
        <Title order={1} size="h2">
          {title}
        </Title>
        {message && <Text c="dimmed">{message}</Text>}
        <Button component={Link} to="/" variant="light">
          Kembali ke beranda
        </Button>
      </Stack>
    </Center>
  )
}

/** An address no screen has: the tab says so too. */
export function NotFoundPage() {
  useTabTitle('Halaman tidak ditemukan')
  return <NotFoundView />
}

/**
 * An error of a call. Loading (no `title`): a 404 says the record is not there, with a way back (a deep link
 * to a record deleted, or never there: trying again would not help). A send passes its own `title`
 * ("Gagal mengirim"), and keeps the service's message whatever the status.
 */
export function ErrorAlert({
  error,
  onRetry,
  title,
}: {
  error: unknown
  onRetry?: () => void
  title?: string
}) {
  if (!error) return null
  if (error instanceof ApiError && error.status === 403) return <Forbidden message={error.message} />
  if (error instanceof ApiError && error.status === 404 && title === undefined)
    return (
      <div role="alert">
        <NotFoundView title="Data tidak ditemukan" message={error.message} />
      </div>
    )
  const message = error instanceof Error ? error.message : String(error)
  return (
    <Alert color="red" title={title ?? 'Gagal memuat'} role="alert">
      <Stack gap="xs" align="flex-start">
        <Text size="sm">{message}</Text>
        {onRetry && (
          <Button size="xs" variant="light" color="red" onClick={onRetry}>
            Coba lagi
          </Button>
        )}
      </Stack>
    </Alert>
  )
}

/** Loading, error and empty states around a loaded value. */
export function Loading<T>({
  loaded,
  empty,
  emptyText = 'Belum ada data.',
  children,
}: {
  loaded: Loaded<T>
  empty?: (data: T) => boolean
  emptyText?: ReactNode
  children: (data: T) => ReactNode
}) {
  if (loaded.error && loaded.data === undefined)
    return <ErrorAlert error={loaded.error} onRetry={loaded.reload} />
  if (loaded.data === undefined) {
    return (
      <Center py="xl" aria-live="polite">
        <Loader aria-label="Memuat" />
      </Center>
    )
  }
  return (
    <div
      aria-busy={loaded.loading}
      style={{ opacity: loaded.loading ? 0.6 : 1, transition: 'opacity 120ms' }}
    >
      {loaded.error && <ErrorAlert error={loaded.error} onRetry={loaded.reload} />}
      {empty?.(loaded.data) ? (
        <Text c="dimmed" ta="center" py="xl">
          {emptyText}
        </Text>
      ) : (
        children(loaded.data)
      )}
    </div>
  )
}

export interface Meta {
  page: number
  perPage: number
  total: number
  totalPages: number
}

/**
 * A page past the last one of a list that has rows: its rows went away (made alumni, reviewed) or the URL
 * asked for `?page=99`. Its list is not empty, it is being moved to its last page.
 */
export function pastLastPage(meta: Meta | undefined): boolean {
  return meta !== undefined && meta.total > 0 && meta.page > meta.totalPages
}

/**
 * Where the page stands and the pages to pick. `onPage(page)` when one is picked; `onPage(last, { replace:
 * true })` when the answer is for a page past the last one, to show the last page in its place.
 */
export function Pager({
  meta,
  onPage,
}: {
  meta: Meta | undefined
  onPage: (page: number, how?: { replace: boolean }) => void
}) {
  // Once per answer: the correction is not repeated while the last page loads.
  // biome-ignore lint/correctness/useExhaustiveDependencies: onPage is often a new function each render
  useEffect(() => {
    if (meta && pastLastPage(meta)) onPage(meta.totalPages, { replace: true })
  }, [meta])
  // An empty list already says so (Loading's empty text): no second "no data" line under it; nor a range
  // past the total ("16–15 dari 15") while the last page loads.
  if (!meta || meta.total === 0 || pastLastPage(meta)) return null
  return (
    <Group justify="space-between" mt="md" wrap="wrap">
      <Text size="sm" c="dimmed">
        {`${(meta.page - 1) * meta.perPage + 1}–${Math.min(meta.page * meta.perPage, meta.total)} dari ${meta.total}`}
      </Text>
      {meta.totalPages > 1 && (
        <Pagination
          total={meta.totalPages}
          value={meta.page}
          onChange={onPage}
          size="sm"
          siblings={0}
          getControlProps={(c) => ({
            'aria-label': c === 'previous' ? 'Sebelumnya' : c === 'next' ? 'Berikutnya' : c,
          })}
        />
      )}
    </Group>
  )
}

/** Where a form is: its save was refused because someone else changed the record (`useVersion`'s `stale`). */
export function NotSavedAlert({ children }: { children: ReactNode }) {
  if (!children) return null
  return (
    <Alert color="orange" role="alert" title="Belum disimpan">
      {children}
    </Alert>
  )
}
