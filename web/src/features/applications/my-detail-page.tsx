import { Alert, Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { Link, useParams } from 'react-router'
import { api, download, unwrap } from '../../api/client'
import { ConfirmButton } from '../../components/confirm'
import { DetailHeader } from '../../components/detail-header'
import { FileLink } from '../../components/file-link'
import { StatusBadge } from '../../components/status-badge'
import { Loading } from '../../components/ui'
import { formatDate, formatDateTime, formatNumber } from '../../lib/format'
import { label, NOT_MARKED } from '../../lib/labels'
import { toastError, toastOk } from '../../lib/toast'
import { useLoad } from '../../lib/use-load'
import { CalendarButton } from './calendar-button'
import { waitlistClosed } from './event-label'
import { ApplicationTimeline } from './timeline'

/** One of the learner's applications: its result, placement, tests, history and files; withdrawn while in the selection. */
export function MyApplicationPage() {
  const id = Number(useParams().id)
  const a = useLoad(() => unwrap(api.GET('/api/my-applications/{id}', { params: { path: { id } } })), [id])
  const withdraw = () =>
    unwrap(api.PATCH('/api/my-applications/{id}/withdraw', { params: { path: { id } } })).then(() => {
      toastOk('Lamaran dibatalkan.')
      a.reload()
    }, toastError)
  return (
    <Loading loaded={a}>
      {({ data: d }) => (
        <Stack>
          <DetailHeader back={{ to: '/lamaran', label: 'Lamaran saya' }} title={d.vacancy.title}>
            <Group gap="xs">
              <Text>{d.company.name}</Text>
              <StatusBadge of="applicationStatus" value={d.status} />
              {/* What the job is, read again before a test (the vacancy list shows open ones only). */}
              {!d.vacancy.deleted && (
                <Anchor component={Link} to={`/lowongan/${d.vacancy.id}`} size="sm">
                  Lihat lowongan
                </Anchor>
              )}
            </Group>
          </DetailHeader>
          {d.onHold && (
            <Alert color="orange" title="Seleksi dihentikan sementara">
              {d.company.name} sedang nonaktif sebagai mitra BKK sekolah, sehingga lamaran ini belum dapat
              diproses. Lamaran Anda tetap tersimpan; bila perusahaan diaktifkan kembali, seleksi dilanjutkan.
            </Alert>
          )}
          {d.result && (
            <Card withBorder bg={d.result.decision === 'diterima' ? 'green.0' : undefined}>
              <Title order={2} size="h4">
                Hasil seleksi: {label('selectionDecision', d.result.decision)}
              </Title>
              <Text size="xs" c="dimmed">
                Diumumkan {formatDateTime(d.result.publishedAt)}
              </Text>
              {waitlistClosed(d) && (
                <Text size="sm" mt="xs">
                  Lowongan ini sudah ditutup, jadi daftar cadangannya tidak berlaku lagi.
                </Text>
              )}
              <SimpleGrid cols={{ base: 2, sm: 4 }} mt="sm">
                <Score name="Psikotes" value={d.result.psychotestScore} />
                <Score name="Wawancara" value={d.result.interviewScore} />
                <Score name="MCU" value={d.result.mcuScore} />
                <Score name="Nilai akhir" value={d.result.finalScore} />
              </SimpleGrid>
              {d.result.notes && (
                <Text size="sm" mt="sm">
                  {d.result.notes}
                </Text>
              )}
              {(d.result.letterUrl ?? d.acceptanceLetterUrl) && (
                <Button
                  mt="sm"
                  variant="light"
                  onClick={() => download((d.result?.letterUrl ?? d.acceptanceLetterUrl)!).catch(toastError)}
                >
                  Unduh surat keputusan
                </Button>
              )}
            </Card>
          )}
          {d.placement && (
            <Alert color="green" title="Penempatan">
              {d.placement.position} · diterima {formatDate(d.placement.acceptedAt)}
              {d.placement.startDate && ` · mulai ${formatDate(d.placement.startDate)}`}
            </Alert>
          )}
          {d.tests.length > 0 && (
            <Card withBorder>
              <Title order={2} size="h4" mb="xs">
                Jadwal tes
              </Title>
              <Stack gap="xs">
                {d.tests.map((t) => (
                  <article key={t.id} aria-label={t.name}>
                    <Group gap="xs">
                      <Text size="sm" fw={600}>
                        {t.name} ({label('testKind', t.kind)})
                      </Text>
                      {t.status === 'cancelled' && <StatusBadge of="scheduleStatus" value="cancelled" />}
                    </Group>
                    <Text size="sm">
                      {formatDateTime(t.scheduledAt)} · {t.location}
                    </Text>
                    {/* A cancelled test takes no attendance: nothing is waiting for a validation. */}
                    <Text size="xs" c="dimmed">
                      {t.status === 'cancelled'
                        ? 'Tes ini dibatalkan; tidak ada kehadiran yang dicatat.'
                        : `Kehadiran: ${
                            t.attendanceStatus
                              ? label('attendance', t.attendanceStatus)
                              : NOT_MARKED.toLowerCase()
                          } · validasi: ${label('validation', t.validationStatus)}`}
                    </Text>
                    {d.upcomingTests.some((u) => u.id === t.id) && (
                      <CalendarButton applicationId={d.id} scheduleId={t.id} px={0} />
                    )}
                  </article>
                ))}
              </Stack>
            </Card>
          )}
          <ApplicationTimeline title="Riwayat tahapan" events={d.timeline} />
          {d.files.length > 0 && (
            <Card withBorder>
              <Title order={2} size="h4" mb="xs">
                Berkas terlampir
              </Title>
              <Stack gap={4}>
                {d.files.map((file) => (
                  <FileLink key={file.id} file={file} />
                ))}
              </Stack>
            </Card>
          )}
          {(d.status === 'pending' || d.status === 'in_progress') && (
            <Group>
              <ConfirmButton
                title="Batalkan lamaran?"
                message={
                  d.status === 'in_progress'
                    ? 'Anda keluar dari seleksi: tes yang akan datang dibatalkan untuk Anda dan lamaran ini tidak dapat dikirim ulang ke lowongan ini.'
                    : 'Lamaran yang dibatalkan tidak dapat dikirim ulang ke lowongan ini.'
                }
                confirmLabel="Batalkan lamaran"
                onConfirm={withdraw}
              >
                Batalkan lamaran
              </ConfirmButton>
            </Group>
          )}
        </Stack>
      )}
    </Loading>
  )
}

function Score({ name, value }: { name: string; value: number | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {name}
      </Text>
      <Text fw={700}>{formatNumber(value)}</Text>
    </div>
  )
}
