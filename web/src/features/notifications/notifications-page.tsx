import { Badge, Button, Card, Flex, SegmentedControl, Stack, Text } from '@mantine/core'
import { useEffect } from 'react'
import { Link } from 'react-router'
import { api, unwrap } from '../../api/client'
import { Loading, Pager, PageTitle, pastLastPage } from '../../components/ui'
import { type ActingCompany, actFor } from '../../lib/acting-company'
import { formatDateTime } from '../../lib/format'
import { toastError } from '../../lib/toast'
import { useUrlFilters } from '../../lib/url-state'
import { useLoad } from '../../lib/use-load'
import { CalendarButton } from '../applications/calendar-button'
import { useMe } from '../auth/session'
import { useUnreadCount } from './unread-count'

const NOTIF_KEYS = ['unread'] as const

/** Notices of a test the learner takes part in link its calendar file (not a cancellation or removal). */
const CALENDAR_KINDS = new Set(['test.scheduled', 'test.updated', 'test.reminder'])
function calendarOf(role: string, kind: string, data: Record<string, unknown>) {
  const { applicationId, testScheduleId } = data
  if (role !== 'siswa' && role !== 'alumni') return null
  if (!CALENDAR_KINDS.has(kind) || typeof applicationId !== 'number' || typeof testScheduleId !== 'number')
    return null
  return { applicationId, scheduleId: testScheduleId }
}

/**
 * Where a notification leads, from the ids it carries: an application (for staff, one of a company without HR,
 * opened acting for that company as its "Kelola seleksi" does); for HR, a vacancy staff decided on (a refused one
 * to its form, to be corrected and sent again, as the e-mail's link does) or whose place a hire gave back (its
 * waiting list on the results page; for staff, of a company without HR, acting for it) or that staff switched off
 * (the vacancy list; one staff deleted leads nowhere); for staff, what entered their queues: a company
 * registration (the queue of registrations) or a vacancy waiting for approval (the vacancies waiting, of its
 * company).
 */
function linkOf(role: string, data: Record<string, unknown>): { to: string; actFor?: ActingCompany } | null {
  const staff = role === 'admin' || role === 'superadmin'
  if (staff && typeof data.registrationId === 'number')
    return { to: `/admin/pendaftaran-perusahaan?id=${data.registrationId}` }
  const appId = data.applicationId
  if (typeof appId === 'number') {
    if (role === 'hrd') return { to: `/hrd/pelamar/${appId}` }
    if (staff) {
      const { companyId, companyName } = data
      if (typeof companyId !== 'number' || typeof companyName !== 'string') return null
      return { to: `/hrd/pelamar/${appId}`, actFor: { id: companyId, name: companyName } }
    }
    return { to: `/lamaran/${appId}` }
  }
  const vacancyId = data.jobVacancyId
  // A place given back: the vacancy's waiting list, on the results page (staff: acting for the company).
  if (typeof vacancyId === 'number' && data.placeFreed === true) {
    const to = `/hrd/hasil?job_vacancy_id=${vacancyId}&decision=cadangan`
    if (role === 'hrd') return { to }
    const { companyId, companyName } = data
    if (!staff || typeof companyId !== 'number' || typeof companyName !== 'string') return null
    return { to, actFor: { id: companyId, name: companyName } }
  }
  // A vacancy staff deleted is in no list any more.
  if (role === 'hrd' && data.vacancyDeleted === true) return null
  if (role === 'hrd' && typeof vacancyId === 'number')
    return { to: data.approvalStatus === 'rejected' ? `/hrd/lowongan/${vacancyId}/ubah` : '/hrd/lowongan' }
  if (staff && typeof vacancyId === 'number' && typeof data.companyId === 'number')
    return { to: `/admin/lowongan?approval=pending&company_id=${data.companyId}` }
  return null
}

/**
 * A notice as its buttons name it ("Lihat: …", "Tandai dibaca: …"): its title, with its time when another notice
 * on the page has the same title (two applications passed read "Lamaran Anda lolos seleksi berkas" both).
 */
function whichNotice(
  n: { id: number; title: string; createdAt: string },
  shown: { id: number; title: string }[],
) {
  const repeated = shown.some((o) => o.id !== n.id && o.title === n.title)
  return repeated ? `${n.title}, ${formatDateTime(n.createdAt)}` : n.title
}

export function NotificationsPage() {
  const me = useMe()
  const f = useUrlFilters(NOTIF_KEYS)
  const list = useLoad(
    () =>
      unwrap(
        api.GET('/api/notifications', {
          params: {
            query: { page: Number(f.query.page), unread: f.get('unread') === 'true' ? true : undefined },
          },
        }),
      ),
    [f.key],
  )
  const listed = (list.data?.meta as { unreadCount?: number } | undefined)?.unreadCount
  const unread = listed ?? 0
  // The bell in the header follows what the page has just read (after marking one or all read, too).
  const bell = useUnreadCount()
  const setBell = bell.set
  // biome-ignore lint/correctness/useExhaustiveDependencies: each answer, also one with the same count as before
  useEffect(() => {
    if (listed !== undefined) setBell(listed)
  }, [listed, list.data, setBell])
  /** Opening what a notice is about reads it: marked read on the way, without holding the move up. */
  const open = (n: { id: number; isRead: boolean }, actingFor?: ActingCompany) => {
    if (actingFor) actFor(actingFor)
    if (!n.isRead)
      unwrap(api.PATCH('/api/notifications/{id}/read', { params: { path: { id: n.id } } })).then(
        bell.refresh,
        () => {},
      )
  }
  return (
    <>
      <PageTitle title="Notifikasi">
        <Button
          size="xs"
          variant="light"
          disabled={unread === 0}
          onClick={() => unwrap(api.PATCH('/api/notifications/read-all')).then(list.reload, toastError)}
        >
          Tandai semua dibaca
        </Button>
      </PageTitle>
      <SegmentedControl
        mb="md"
        value={f.get('unread') === 'true' ? 'unread' : 'all'}
        onChange={(v) => f.set({ unread: v === 'unread' ? 'true' : null })}
        data={[
          { value: 'all', label: 'Semua' },
          { value: 'unread', label: `Belum dibaca (${unread})` },
        ]}
        aria-label="Saring notifikasi"
      />
      <Loading
        loaded={list}
        empty={(d) => d.data.length === 0 && !pastLastPage(d.meta)}
        emptyText="Tidak ada notifikasi."
      >
        {(d) => (
          // A list of notices, each titled by a heading: a screen reader tells how many and goes from one to the
          // next (by list item or by heading).
          <Stack
            gap="xs"
            component="ul"
            aria-label="Daftar notifikasi"
            m={0}
            p={0}
            style={{ listStyle: 'none' }}
          >
            {d.data.map((n) => {
              const to = linkOf(me.role, n.data)
              const which = whichNotice(n, d.data)
              const calendar = calendarOf(me.role, n.kind, n.data)
              return (
                <Card key={n.id} component="li" withBorder padding="sm" bg={n.isRead ? undefined : 'blue.0'}>
                  {/* On a phone the buttons go under the text, which keeps the card's width. */}
                  <Flex
                    direction={{ base: 'column', xs: 'row' }}
                    justify="space-between"
                    align={{ base: 'stretch', xs: 'flex-start' }}
                    gap="xs"
                  >
                    <div style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                      {/* The notice's heading: the "baru" badge a span in it, as a heading holds only text. */}
                      <Text fw={600} size="sm" component="h2" m={0}>
                        {!n.isRead && (
                          <Badge component="span" size="xs" mr={6} variant="filled">
                            baru
                          </Badge>
                        )}
                        {n.title}
                      </Text>
                      <Text size="sm" id={`notifikasi-${n.id}`}>
                        {n.body}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(n.createdAt)}
                      </Text>
                    </div>
                    <Flex
                      direction={{ base: 'row', xs: 'column' }}
                      wrap="wrap"
                      gap={4}
                      align={{ base: 'center', xs: 'flex-end' }}
                    >
                      {to && (
                        <Button
                          component={Link}
                          to={to.to}
                          onClick={() => open(n, to.actFor)}
                          aria-label={`Lihat: ${which}`}
                          aria-describedby={`notifikasi-${n.id}`}
                          size="compact-xs"
                          variant="subtle"
                        >
                          Lihat
                        </Button>
                      )}
                      {calendar && <CalendarButton {...calendar} />}
                      {!n.isRead && (
                        <Button
                          size="compact-xs"
                          variant="subtle"
                          aria-label={`Tandai dibaca: ${which}`}
                          onClick={() =>
                            unwrap(
                              api.PATCH('/api/notifications/{id}/read', { params: { path: { id: n.id } } }),
                            ).then(list.reload, toastError)
                          }
                        >
                          Tandai dibaca
                        </Button>
                      )}
                    </Flex>
                  </Flex>
                </Card>
              )
            })}
          </Stack>
        )}
      </Loading>
      <Pager meta={list.data?.meta} onPage={f.setPage} />
    </>
  )
}
