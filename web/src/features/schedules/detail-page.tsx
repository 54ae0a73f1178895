import { Button, Card, Group, Select, SimpleGrid, Stack, Text, TextInput, Title } from '@mantine/core'
import { useCallback, useState } from 'react'
import { Link, useParams } from 'react-router'
import { api, unwrap } from '../../api/client'
import { AsyncButton } from '../../components/async-button'
import { ConfirmButton } from '../../components/confirm'
import { DataTable, Lines } from '../../components/data-table'
import { DetailHeader } from '../../components/detail-header'
import { FilterBar } from '../../components/filter-bar'
import { Stat } from '../../components/stat'
import { StatusBadge } from '../../components/status-badge'
import { Loading } from '../../components/ui'
import { formatDateTime, formatNumber } from '../../lib/format'
import { label, NOT_MARKED, options } from '../../lib/labels'
import { useLiveRefresh } from '../../lib/live-refresh'
import { toastError, toastOk } from '../../lib/toast'
import { useUrlFilters } from '../../lib/url-state'
import { useLoad } from '../../lib/use-load'
import { CheckInPanel } from './check-in-panel'

/** Tests whose score the selection result holds (psychotest, interview, MCU scores). */
const SCORED_KINDS: string[] = ['psikotes', 'wawancara', 'mcu']

/** A participant's score, "di bawah minimum" beside it when the test has a minimum it does not reach. */
function ScoreCell({ score, minimum }: { score: number | null; minimum: number | null }) {
  if (score === null) return <>–</>
  const below = minimum !== null && score < minimum
  return (
    <Text size="sm" c={below ? 'red.8' : undefined} fw={below ? 600 : undefined}>
      {formatNumber(score)}
      {below && ` (di bawah minimum ${formatNumber(minimum)})`}
    </Text>
  )
}

const KEYS = ['attendance_status', 'validation_status', 'search'] as const

/**
 * How often the page reads its participants and counts again while check-in is open: participants check in on
 * their own phones. A page of participants costs the service about 7 ms and 6 KB, the counts 2 ms and 0.6 KB
 * (docs/decisions.md), so every 10 seconds, rather than with the code's 30.
 */
const LIVE_MS = 10_000

/**
 * One test: its participants' attendance as HR marks it; before it starts, reminders, changing it and
 * calling it off.
 */
export function ScheduleDetailPage() {
  const id = Number(useParams().id)
  const s = useLoad(() => unwrap(api.GET('/api/hrd/test-schedules/{id}', { params: { path: { id } } })), [id])
  const f = useUrlFilters(KEYS)
  const participants = useLoad(
    () =>
      unwrap(
        api.GET('/api/hrd/test-schedules/{id}/participants', {
          params: { path: { id }, query: f.query as never },
        }),
      ),
    [id, f.key],
  )
  // While check-in is open, check-ins (and colleagues' marks) come in by themselves: the participants and the
  // counts are read again quietly (the page, its scroll and the filters stay), not while HR has a dialog open or
  // is typing or picking, and at once when the tab is shown again.
  const [checkInOpen, setCheckInOpen] = useState(false)
  const live = checkInOpen && s.data?.data.status !== 'cancelled'
  useLiveRefresh(live, LIVE_MS, () => {
    participants.refresh()
    s.refresh()
  })
  const onCheckInOpen = useCallback((open: boolean) => setCheckInOpen(open), [])
  const [queued, setQueued] = useState<string | null>(null)
  const reminded = (r: { data: { queued: number; alreadyReminded: number } }) => {
    const { queued: n, alreadyReminded } = r.data
    const text = alreadyReminded
      ? `${n} pengingat diantrikan; ${alreadyReminded} peserta sudah diingatkan dalam 1 jam terakhir.`
      : `${n} pengingat diantrikan.`
    setQueued(text)
    toastOk(text)
    participants.reload()
  }
  const remindAll = () =>
    unwrap(api.POST('/api/hrd/test-schedules/{id}/remind-all', { params: { path: { id } } })).then(
      reminded,
      toastError,
    )
  const remindOne = (participantId: number) =>
    unwrap(
      api.POST('/api/hrd/test-schedules/{id}/participants/{participantId}/remind', {
        params: { path: { id, participantId } },
      }),
    ).then(reminded, toastError)
  const mark = (participantId: number, status: 'hadir' | 'izin' | 'alpa') =>
    unwrap(
      api.PATCH('/api/hrd/test-schedules/{id}/participants/{participantId}/attendance', {
        params: { path: { id, participantId } },
        body: { status },
      }),
    ).then(() => {
      toastOk(`Kehadiran dicatat: ${label('attendance', status)}.`)
      participants.reload()
      s.reload()
    }, toastError)
  return (
    <Loading loaded={s}>
      {({ data: d }) => {
        const ahead = d.status === 'scheduled' && Date.parse(d.scheduledAt) > Date.now()
        return (
          <Stack>
            <DetailHeader back={{ to: '/hrd/jadwal', label: 'Jadwal tes' }} title={d.name}>
              <Group gap="xs">
                <Text size="sm">
                  {label('testKind', d.kind)} · {d.vacancy.title} · {formatDateTime(d.scheduledAt)} ·{' '}
                  {d.location}
                  {d.minimumScore !== null && ` · nilai minimum ${formatNumber(d.minimumScore)}`}
                </Text>
                <StatusBadge of="scheduleStatus" value={d.status} />
              </Group>
              {d.cancelReason && (
                <Text size="sm" c="dimmed">
                  Dibatalkan: {d.cancelReason}
                </Text>
              )}
            </DetailHeader>
            {d.status !== 'cancelled' && (
              <Group gap="sm">
                {ahead && (
                  <Button component={Link} to={`/hrd/jadwal/${id}/ubah`} variant="default">
                    Ubah jadwal
                  </Button>
                )}
                {/* The sign-in sheet for the door, of those still in the selection (attendance-sheet-page.tsx). */}
                <Button component={Link} to={`/hrd/jadwal/${id}/cetak`} variant="default">
                  Cetak daftar hadir
                </Button>
                {ahead && (
                  <>
                    <AsyncButton onClick={remindAll}>Kirim pengingat ke semua peserta</AsyncButton>
                    <Text size="sm" role="status" aria-live="polite">
                      {queued}
                    </Text>
                  </>
                )}
              </Group>
            )}
            {d.status !== 'cancelled' && <CheckInPanel id={id} onOpen={onCheckInOpen} />}
            <SimpleGrid cols={{ base: 2, sm: 4 }}>
              <Stat name="Peserta" value={String(d.participantCount)} />
              <Stat name="Hadir" value={String(d.attendance.hadir)} />
              <Stat name={NOT_MARKED} value={String(d.attendance.unmarked)} />
              <Stat name="Tervalidasi" value={String(d.validation.verified)} />
              {d.attendance.released > 0 && (
                <Stat name="Keluar dari seleksi sebelum tes" value={String(d.attendance.released)} />
              )}
            </SimpleGrid>
            <Card withBorder>
              <Group justify="space-between" align="flex-start" mb="xs">
                <Title order={2} size="h4">
                  Peserta
                </Title>
                {d.status !== 'cancelled' && (
                  // Scoring this session: the results page narrowed to its participants (score dialog, decisions,
                  // quota and publishing in one place).
                  <Button
                    component={Link}
                    to={`/hrd/hasil?job_vacancy_id=${d.vacancy.id}&test_schedule_id=${id}`}
                    variant="light"
                    size="xs"
                  >
                    Isi nilai peserta tes ini
                  </Button>
                )}
              </Group>
              <FilterBar
                filters={f}
                search="Cari nama atau NIS"
                fields={[
                  {
                    name: 'attendance_status',
                    label: 'Kehadiran',
                    options: [...options('attendance'), { value: 'unmarked', label: NOT_MARKED }],
                  },
                  { name: 'validation_status', label: 'Validasi BKK', options: options('validation') },
                ]}
              />
              <DataTable
                loaded={participants}
                empty={
                  f.get('search') || f.get('attendance_status') || f.get('validation_status')
                    ? 'Tidak ada peserta yang cocok.'
                    : 'Tidak ada peserta.'
                }
                rowKey={(x) => x.participantId}
                onPage={f.setPage}
                stickyFirst
                columns={[
                  {
                    label: 'Peserta',
                    render: (x) => (
                      <Lines
                        bold
                        main={x.applicant.fullName}
                        sub={`NIS ${x.applicant.nis} · ${x.applicant.major.name}`}
                      />
                    ),
                  },
                  {
                    label: 'Kehadiran',
                    render: (x) => (
                      <>
                        <StatusBadge of="attendance" value={x.attendanceStatus ?? null} />
                        {x.checkedInAt && (
                          <Text size="xs" c="dimmed">
                            check-in mandiri {formatDateTime(x.checkedInAt)}
                          </Text>
                        )}
                      </>
                    ),
                  },
                  {
                    label: 'Validasi BKK',
                    render: (x) => <StatusBadge of="validation" value={x.validationStatus} />,
                  },
                  // The score HR entered in the selection result for this kind of test (none of its own for
                  // a written or practical test), set against the test's minimum when it has one.
                  ...(SCORED_KINDS.includes(d.kind)
                    ? [
                        {
                          label: 'Nilai',
                          render: (x: { score: number | null }) => (
                            <ScoreCell score={x.score} minimum={d.minimumScore} />
                          ),
                        },
                      ]
                    : []),
                  {
                    label: 'Catat',
                    render: (x) => (
                      <Select
                        aria-label={`Kehadiran ${x.applicant.fullName}`}
                        size="xs"
                        w={120}
                        disabled={x.validationStatus !== 'pending' || d.status === 'cancelled'}
                        data={options('attendance')}
                        allowDeselect={false}
                        value={x.attendanceStatus ?? null}
                        onChange={(v) => v && mark(x.participantId, v as 'hadir')}
                      />
                    ),
                  },
                  {
                    label: 'Pengingat',
                    render: (x) => (
                      <>
                        {ahead && (
                          <AsyncButton
                            size="xs"
                            variant="light"
                            aria-label={`Ingatkan ${x.applicant.fullName}`}
                            onClick={() => remindOne(x.participantId)}
                          >
                            Ingatkan
                          </AsyncButton>
                        )}
                        <Text size="xs" c="dimmed">
                          {x.lastRemindedAt
                            ? `terakhir ${formatDateTime(x.lastRemindedAt)}`
                            : 'belum diingatkan'}
                        </Text>
                      </>
                    ),
                  },
                ]}
              />
            </Card>
            {d.status === 'scheduled' && <CancelSchedule id={id} onDone={s.reload} />}
          </Stack>
        )
      }}
    </Loading>
  )
}

function CancelSchedule({ id, onDone }: { id: number; onDone: () => void }) {
  const [reason, setReason] = useState('')
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="xs">
        Batalkan jadwal
      </Title>
      <Group align="flex-end">
        <TextInput label="Alasan" value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
        <ConfirmButton
          title="Batalkan jadwal tes?"
          message="Semua peserta diberi tahu bahwa tes dibatalkan."
          confirmLabel="Batalkan jadwal"
          disabled={!reason.trim()}
          size="sm"
          onConfirm={() =>
            unwrap(
              api.POST('/api/hrd/test-schedules/{id}/cancel', { params: { path: { id } }, body: { reason } }),
            ).then(() => {
              toastOk('Jadwal dibatalkan.')
              onDone()
            }, toastError)
          }
        >
          Batalkan jadwal
        </ConfirmButton>
      </Group>
    </Card>
  )
}
