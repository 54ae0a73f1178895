import { Alert, Card, Group, SimpleGrid, Stack, Text, Textarea, Title } from '@mantine/core'
import { useRef } from 'react'
import { useParams } from 'react-router'
import { api, unwrap } from '../../api/client'
import type { paths } from '../../api/schema'
import { ConfirmButton } from '../../components/confirm'
import { DetailHeader } from '../../components/detail-header'
import { FileLink } from '../../components/file-link'
import { useForm } from '../../components/form'
import { StatusBadge } from '../../components/status-badge'
import { SubmitButton } from '../../components/submit-button'
import { Loading } from '../../components/ui'
import { formatDate, formatDateTime } from '../../lib/format'
import { label } from '../../lib/labels'
import { toastError, toastOk } from '../../lib/toast'
import { useLoad } from '../../lib/use-load'
import { ApplicationTimeline } from '../applications/timeline'
import { NOT_PASSED_CORRECTABLE, standingOf } from './options'
import { PlacedElsewhereBadge } from './placed-elsewhere'

type Review =
  paths['/api/hrd/applicant-reviews/{id}']['get']['responses']['200']['content']['application/json']['data']

/** One applicant as HR reviews them: profile, files, the decision on the documents, and the history. */
export function ReviewDetailPage() {
  const id = Number(useParams().id)
  const a = useLoad(
    () => unwrap(api.GET('/api/hrd/applicant-reviews/{id}', { params: { path: { id } } })),
    [id],
  )
  const form = useForm({ notes: '' })
  // A decision replaces the card holding the focus: the outcome takes it once the applicant is read again
  // (`focusOutcome`), else it falls to the page's body and a screen reader never reads the outcome.
  const decided = useRef(false)
  const review = (decision: 'lolos' | 'tidak_lolos') =>
    form.submit(async ({ notes }) => {
      await unwrap(
        api.PATCH('/api/hrd/applicant-reviews/{id}/review', {
          params: { path: { id } },
          body: { decision, notes: notes.trim() || null },
        }),
      )
      toastOk(decision === 'lolos' ? 'Pelamar lolos seleksi berkas.' : 'Pelamar tidak lolos.')
      decided.current = true
      a.reload()
    })()
  const correct = () =>
    unwrap(
      api.POST('/api/hrd/applicant-reviews/{id}/correct-review', {
        params: { path: { id } },
        body: {},
      }),
    ).then(() => {
      toastOk('Keputusan dikoreksi: pelamar lolos seleksi berkas.')
      decided.current = true
      a.reload()
    }, toastError)
  return (
    <Loading loaded={a}>
      {({ data: d }) => (
        <Stack>
          <DetailHeader back={{ to: '/hrd/pelamar', label: 'Daftar pelamar' }} title={d.applicant.fullName}>
            <Group gap="xs">
              <Text size="sm">
                {d.vacancy.title} · NIS {d.applicant.nis} · {d.applicant.major.name} ·{' '}
                {standingOf(d.applicant)}
              </Text>
              <StatusBadge of="applicationStatus" value={d.status} />
              <PlacedElsewhereBadge shown={d.placedElsewhere} />
            </Group>
          </DetailHeader>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Profile d={d} />
            <Card withBorder>
              <Title order={2} size="h4" mb="xs">
                Berkas
              </Title>
              <Stack gap={4}>
                {d.files.length === 0 && (
                  <Text size="sm" c="dimmed">
                    Tidak ada berkas.
                  </Text>
                )}
                {d.files.map((file) => (
                  <Group key={file.id} gap={6}>
                    <FileLink file={file} />
                    {file.attached && (
                      <Text size="xs" c="blue">
                        dilampirkan
                      </Text>
                    )}
                  </Group>
                ))}
              </Stack>
            </Card>
          </SimpleGrid>
          {d.status === 'pending' ? (
            <Card withBorder>
              <Title order={2} size="h4" mb="xs">
                Keputusan seleksi berkas
              </Title>
              <Textarea label="Catatan" {...form.text('notes')} />
              {/* One decision at a time, and none while the applicant is loaded again after it: a second
                  click would be refused (already reviewed) with a red toast. */}
              <Group mt="sm">
                <SubmitButton
                  form={form}
                  type="button"
                  color="green"
                  disabled={a.loading}
                  onClick={() => review('lolos')}
                >
                  Lolos
                </SubmitButton>
                <ConfirmButton
                  title="Nyatakan tidak lolos?"
                  message={`Lamaran ditolak dan pelamar diberi tahu. ${NOT_PASSED_CORRECTABLE}`}
                  confirmLabel="Tidak lolos"
                  onConfirm={() => review('tidak_lolos')}
                  size="sm"
                  disabled={form.busy || form.wait > 0 || a.loading}
                >
                  Tidak lolos
                </ConfirmButton>
              </Group>
            </Card>
          ) : (
            d.reviewDecision && (
              <Alert
                color={d.reviewDecision === 'lolos' ? 'green' : 'red'}
                tabIndex={-1}
                ref={(el) => focusOutcome(el, decided, !a.loading)}
              >
                Seleksi berkas: {label('reviewDecision', d.reviewDecision)} ({formatDateTime(d.reviewedAt)}){' '}
                {d.reviewNotes && `· ${d.reviewNotes}`}
                {/* A "tidak lolos" given by mistake is put right here (nothing can have followed it). */}
                {d.status === 'rejected' && d.reviewDecision === 'tidak_lolos' && (
                  <Group mt="sm">
                    <ConfirmButton
                      color="green"
                      title="Loloskan pelamar ini?"
                      message="Keputusan tidak lolos diubah menjadi lolos: pelamar masuk tahap seleksi berikutnya dan diberi tahu."
                      confirmLabel="Ya, loloskan"
                      onConfirm={correct}
                    >
                      Koreksi: loloskan
                    </ConfirmButton>
                  </Group>
                )}
              </Alert>
            )
          )}
          <ApplicationTimeline title="Riwayat" events={d.timeline} />
        </Stack>
      )}
    </Loading>
  )
}

/** The outcome shown after a decision takes the focus, once: not when the page opens on a decided applicant. */
function focusOutcome(el: HTMLElement | null, decided: { current: boolean }, loaded: boolean) {
  if (!el || !loaded || !decided.current) return
  decided.current = false
  el.focus()
}

function Profile({ d }: { d: Review }) {
  return (
    <Card withBorder>
      <Title order={2} size="h4" mb="xs">
        Profil
      </Title>
      {d.profile.withheld ? (
        <Text size="sm" c="dimmed">
          Data pribadi dan kontak pelamar tidak ditampilkan karena lamaran ini{' '}
          {d.status === 'withdrawn' ? 'sudah dibatalkan pelamar' : 'tidak diterima'}.
        </Text>
      ) : (
        <>
          <Text size="sm">Telepon: {d.profile.phone ?? '–'}</Text>
          <Text size="sm">E-mail: {d.profile.email ?? '–'}</Text>
          <Text size="sm">
            Lahir: {d.profile.birthPlace ?? '–'}, {formatDate(d.profile.birthDate)}
          </Text>
          <Text size="sm">
            Alamat:{' '}
            {[d.profile.address, d.profile.city, d.profile.province].filter(Boolean).join(', ') || '–'}
          </Text>
        </>
      )}
      {d.profile.skills.length > 0 && <Text size="sm">Keahlian: {d.profile.skills.join(', ')}</Text>}
      {d.profile.education.length > 0 && (
        <>
          <Text size="sm" fw={600} mt="xs">
            Riwayat pendidikan
          </Text>
          {d.profile.education.map((e) => (
            <Text size="sm" key={`${e.level}-${e.institution}`}>
              {e.level} {e.institution} {e.major && `(${e.major})`} {e.startYear ?? ''}–{e.endYear ?? ''}
            </Text>
          ))}
        </>
      )}
      {d.coverLetter && (
        <>
          <Text size="sm" fw={600} mt="xs">
            Surat lamaran
          </Text>
          <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
            {d.coverLetter}
          </Text>
        </>
      )}
    </Card>
  )
}
