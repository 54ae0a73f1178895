import { Button, Card, Group, Text } from '@mantine/core'
import { useEffect, useState } from 'react'
import { Link } from 'react-router'
import { api, editedElsewhere, unwrap } from '../../api/client'
import type { paths } from '../../api/schema'
import { ConfirmButton } from '../../components/confirm'
import { DataTable, Lines } from '../../components/data-table'
import { FileLink } from '../../components/file-link'
import { FilterBar } from '../../components/filter-bar'
import { StatusBadge } from '../../components/status-badge'
import { PageTitle } from '../../components/ui'
import { formatDate, formatDateTime, formatNumber } from '../../lib/format'
import { label, NOT_MARKED, options } from '../../lib/labels'
import { idOptions } from '../../lib/options'
import { toastError, toastOk } from '../../lib/toast'
import type { UrlFilters, useUrlFilters } from '../../lib/url-state'
import { useList } from '../../lib/use-list'
import { useLoad } from '../../lib/use-load'
import { useReviewOptions } from '../applicant-reviews/options'
import { LetterModal, type ResultRow, ScoreModal } from './score-modal'

const KEYS = ['search', 'job_vacancy_id', 'test_schedule_id', 'decision', 'published'] as const

/** A test as a row's "Tes" names it: its name (the session), with its kind when the name does not say it. */
function testName(a: { name: string; kind: string }) {
  const kind = label('testKind', a.kind)
  return a.name.toLowerCase().includes(kind.toLowerCase()) ? a.name : `${a.name} (${kind})`
}

/**
 * The "Tes" filter's choices: the tests (not cancelled) of the vacancy chosen, each named with its time (two
 * sessions of one interview day); none until a vacancy is chosen. Without one it offered the company's latest 100
 * tests of every vacancy, an older test not among them.
 */
function useTestOptions(vacancyId: string) {
  const tests = useLoad(
    () =>
      vacancyId
        ? unwrap(
            api.GET('/api/hrd/test-schedules', {
              params: { query: { per_page: 100, job_vacancy_id: Number(vacancyId) } },
            }),
          )
        : Promise.resolve(null),
    [vacancyId],
  )
  return (tests.data?.data ?? [])
    .filter((t) => t.status !== 'cancelled')
    .map((t) => ({ value: String(t.id), label: `${t.name} · ${formatDateTime(t.scheduledAt)}` }))
}

/**
 * The list's filters, a test always one of the vacancy chosen: another vacancy chosen (or none) lets go of the
 * test (the list came up empty, the test being the old vacancy's), and a test without its vacancy (a link of
 * before) takes its vacancy.
 */
function useVacancyTests(f: ReturnType<typeof useUrlFilters<(typeof KEYS)[number]>>) {
  const vacancyId = f.get('job_vacancy_id')
  const testId = f.get('test_schedule_id')
  const { set } = f
  useEffect(() => {
    if (!testId || vacancyId) return
    let alive = true
    unwrap(api.GET('/api/hrd/test-schedules/{id}', { params: { path: { id: Number(testId) } } })).then(
      (res) => alive && set({ job_vacancy_id: res.data.vacancy.id }, { replace: true }),
      () => alive && set({ test_schedule_id: null }, { replace: true }),
    )
    return () => {
      alive = false
    }
  }, [set, testId, vacancyId])
  const filters: UrlFilters = {
    ...f,
    set: (changes) =>
      f.set(
        'job_vacancy_id' in changes && String(changes.job_vacancy_id ?? '') !== vacancyId
          ? { ...changes, test_schedule_id: null }
          : changes,
      ),
  }
  return { filters, vacancyId, tests: useTestOptions(vacancyId) }
}

/** How the vacancy's quota and drafts stand (`meta.quota` of the list filtered to one vacancy). */
type Quota = NonNullable<
  paths['/api/hrd/selection-results']['get']['responses']['200']['content']['application/json']['meta']['quota']
>

/** The participants' scores and decisions (drafts), published per vacancy within its quota. */
export function SelectionResultsPage() {
  const { filters: f, list } = useList(KEYS, (query) =>
    unwrap(api.GET('/api/hrd/selection-results', { params: { query } })),
  )
  const choices = useReviewOptions()
  const [editing, setEditing] = useState<ResultRow | null>(null)
  const [lettering, setLettering] = useState<ResultRow | null>(null)
  const quota = (list.data?.meta as { quota?: Quota } | undefined)?.quota
  const { filters, vacancyId, tests } = useVacancyTests(f)
  return (
    <>
      <PageTitle title="Hasil seleksi" />
      <FilterBar
        filters={filters}
        search="Cari nama atau NIS"
        fields={[
          {
            name: 'job_vacancy_id',
            label: 'Lowongan',
            options: idOptions(choices?.vacancies),
            searchable: true,
          },
          // One session of an interview day: HR scores its participants right after it.
          {
            name: 'test_schedule_id',
            label: 'Tes',
            options: tests,
            searchable: true,
            placeholder: vacancyId ? undefined : 'Pilih lowongan dahulu',
          },
          { name: 'decision', label: 'Keputusan', options: options('selectionDecision') },
          { name: 'published', label: 'Diumumkan', placeholder: 'Semua', options: options('published') },
        ]}
      />
      {quota && vacancyId ? (
        <QuotaCard quota={quota} vacancyId={Number(vacancyId)} onPublished={list.reload} />
      ) : (
        <Text size="sm" c="dimmed" mb="sm">
          Pilih lowongan untuk melihat kuota dan mengumumkan hasil.
        </Text>
      )}
      <DataTable
        loaded={list}
        empty="Belum ada peserta tes."
        minWidth={760}
        rowKey={(r) => r.applicationId}
        onPage={f.setPage}
        // On a phone, scrolled to "Isi nilai", the row still says whose it is.
        stickyFirst
        columns={[
          {
            label: 'Peserta',
            render: (r) => (
              <Lines
                bold
                main={r.applicant.fullName}
                sub={r.vacancy.deleted ? `${r.vacancy.title} (lowongan dihapus)` : r.vacancy.title}
              />
            ),
          },
          {
            label: 'Tes',
            render: (r) =>
              r.attendance.map((a) => (
                <Text size="xs" key={a.scheduleId}>
                  {testName(a)}:{' '}
                  {a.attendanceStatus ? label('attendance', a.attendanceStatus) : NOT_MARKED.toLowerCase()} (
                  {label('validation', a.validationStatus)})
                </Text>
              )),
          },
          {
            label: 'Nilai (psi/waw/mcu/akhir)',
            render: (r) => (
              <>
                <Text size="sm">
                  {[r.psychotestScore, r.interviewScore, r.mcuScore, r.finalScore]
                    .map(formatNumber)
                    .join(' / ')}
                </Text>
                {r.letter && <FileLink file={r.letter} />}
              </>
            ),
          },
          {
            label: 'Keputusan',
            render: (r) => (
              <>
                <StatusBadge of="selectionDecision" value={r.decision} />
                <Text size="xs" c="dimmed">
                  {r.isPublished ? `diumumkan ${formatDate(r.publishedAt, true)}` : 'draf'}
                </Text>
              </>
            ),
          },
          {
            label: 'Aksi',
            render: (r) => {
              // A published result takes its decision letter afterwards (not ready at the time). A published
              // acceptance or rejection stands as it is; a waiting list's place may still change (a draft).
              const letter = r.isPublished && (
                <Button size="xs" variant="light" onClick={() => setLettering(r)}>
                  {r.letter ? 'Ganti surat' : 'Lampirkan surat'}
                </Button>
              )
              if (r.isPublished && r.status !== 'in_progress') return letter
              return (
                <Group gap={4} wrap="nowrap">
                  <Button size="xs" variant="light" onClick={() => setEditing(r)}>
                    Isi nilai
                  </Button>
                  {letter}
                </Group>
              )
            },
          },
        ]}
      />
      {lettering && (
        <LetterModal
          row={lettering}
          onClose={() => setLettering(null)}
          onSaved={() => {
            setLettering(null)
            list.reload()
          }}
        />
      )}
      {editing && (
        <ScoreModal
          row={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            list.reload()
          }}
          onStale={list.reload}
        />
      )}
    </>
  )
}

function QuotaCard({
  quota,
  vacancyId,
  onPublished,
}: {
  quota: Quota
  vacancyId: number
  onPublished: () => void
}) {
  // Only what the confirmation named is published: a colleague's decision or publication since is refused
  // (412), and the list shown again.
  const publish = () =>
    unwrap(
      api.POST('/api/hrd/selection-results/publish', {
        body: { job_vacancy_id: vacancyId },
        params: { header: { 'if-match': `"${quota.draftsVersion}"` } },
      }),
    ).then(
      (r) => {
        toastOk(
          `${r.data.published} hasil diumumkan: ${r.data.accepted} diterima, ${r.data.rejected} tidak diterima, ${r.data.waitlisted} cadangan.`,
        )
        onPublished()
      },
      (err) => {
        toastError(err)
        if (editedElsewhere(err)) onPublished()
      },
    )
  const drafts = quota.draftAccepted + quota.draftRejected + quota.draftWaitlisted
  return (
    <Card withBorder mb="md" bg={quota.overQuota ? 'red.0' : 'blue.0'}>
      <Group justify="space-between" wrap="wrap">
        <Text size="sm">
          Kuota {quota.quota} · sudah diterima {quota.accepted}
          {quota.freed > 0 && ` (${quota.freed} tidak lagi bekerja: tempatnya terbuka lagi)`} · draf diterima{' '}
          {quota.draftAccepted} · sisa setelah diumumkan {quota.placesLeft}
          {quota.overQuota && ' · melebihi kuota!'}
        </Text>
        <Group gap="xs">
          {/* Once acceptances are published: the list for the school's board (announcement-page.tsx). */}
          {quota.accepted > 0 && (
            <Button
              component={Link}
              to={`/hrd/hasil/cetak?job_vacancy_id=${vacancyId}`}
              variant="default"
              size="sm"
            >
              Cetak pengumuman
            </Button>
          )}
          <ConfirmButton
            title="Umumkan hasil seleksi?"
            message={`Hasil draf lowongan ini diumumkan ke pelamar: ${quota.draftAccepted} diterima, ${quota.draftRejected} tidak diterima, ${quota.draftWaitlisted} cadangan (kuota ${quota.quota}, sudah diterima ${quota.accepted - quota.freed}, sisa setelah diumumkan ${quota.placesLeft}). Hasil yang sudah diumumkan tidak dapat ditarik.`}
            confirmLabel="Umumkan"
            color="blue"
            size="sm"
            variant="filled"
            disabled={quota.overQuota || drafts === 0}
            onConfirm={publish}
          >
            Umumkan hasil
          </ConfirmButton>
        </Group>
      </Group>
    </Card>
  )
}
