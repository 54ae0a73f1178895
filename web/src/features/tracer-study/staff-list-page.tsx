import '../../styles-all'
import { Anchor, Badge, Button, Text } from '@mantine/core'
import { useState } from 'react'
import { Link } from 'react-router'
import { api, download, unwrap } from '../../api/client'
import { DataTable, Lines } from '../../components/data-table'
import { useFromList } from '../../components/detail-header'
import { FilterBar } from '../../components/filter-bar'
import { PageTitle } from '../../components/ui'
import { formatDateTime, formatNumber } from '../../lib/format'
import { label, options } from '../../lib/labels'
import { toastError, toastOk } from '../../lib/toast'
import { useList } from '../../lib/use-list'
import { useMajorOptions } from '../master-data/options'

const KEYS = ['search', 'graduation_year', 'major_id', 'career_status', 'answered'] as const

/** The last twelve graduation years, newest first. */
const YEARS = Array.from({ length: 12 }, (_, i) => {
  const y = String(new Date().getFullYear() - i)
  return { value: y, label: y }
})

const ANSWERED = [
  { value: 'true', label: 'Sudah mengisi' },
  { value: 'false', label: 'Belum mengisi' },
]

/**
 * The alumni's tracer-study answers as the career center follows them: who answered (and who entered it),
 * who has not (whom to call), filtered by year, major and status; downloads as CSV or Excel.
 */
export function StaffTracerListPage() {
  const fromList = useFromList()
  const { filters: f, list } = useList(KEYS, (query) =>
    unwrap(api.GET('/api/admin/tracer-studies', { params: { query } })),
  )
  // Alumni of a major switched off since are who the tracer study is about.
  const majors = useMajorOptions({ includeInactive: true })
  const [busy, setBusy] = useState<'csv' | 'xlsx' | null>(null)
  const exportAs = async (format: 'csv' | 'xlsx') => {
    setBusy(format)
    const { page: _page, ...query } = f.query
    const qs = new URLSearchParams({
      ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      format,
    })
    try {
      toastOk(`Diunduh: ${await download(`/api/admin/tracer-studies?${qs}`)}`)
    } catch (err) {
      toastError(err)
    } finally {
      setBusy(null)
    }
  }
  const meta = list.data?.meta
  const year = f.get('graduation_year')
  return (
    <>
      <PageTitle title="Tracer study alumni">
        <Button size="xs" variant="light" loading={busy === 'csv'} onClick={() => exportAs('csv')}>
          Unduh CSV
        </Button>
        <Button size="xs" variant="light" loading={busy === 'xlsx'} onClick={() => exportAs('xlsx')}>
          Unduh Excel
        </Button>
      </PageTitle>
      <FilterBar
        filters={f}
        search="Cari nama atau NIS"
        fields={[
          { name: 'graduation_year', label: 'Tahun lulus', options: YEARS },
          { name: 'major_id', label: 'Kompetensi', options: majors, searchable: true },
          { name: 'career_status', label: 'Status karier', options: options('careerStatus') },
          { name: 'answered', label: 'Pengisian', options: ANSWERED },
        ]}
      />
      {meta && (
        <Text size="sm" mb="sm" aria-live="polite">
          {`${year ? `Lulusan ${year}` : 'Semua alumni'}: ${formatNumber(meta.answered)} sudah mengisi, ${formatNumber(meta.notAnswered)} belum mengisi.`}{' '}
          {meta.notAnswered > 0 && f.get('answered') !== 'false' && (
            <Anchor
              component="button"
              size="sm"
              onClick={() => f.set({ answered: 'false', career_status: null })}
            >
              Tampilkan yang belum mengisi
            </Anchor>
          )}
        </Text>
      )}
      <DataTable
        loaded={list}
        empty="Tidak ada alumni yang cocok."
        onPage={f.setPage}
        rowKey={(r) => r.alumnus.id}
        minWidth={920}
        columns={[
          {
            label: 'Nama',
            render: (r) => <Lines bold main={r.alumnus.fullName} sub={`NIS ${r.alumnus.nis}`} />,
          },
          {
            label: 'Kompetensi',
            render: (r) => <Lines main={r.alumnus.major.name} sub={`Lulus ${r.alumnus.graduationYear}`} />,
          },
          {
            label: 'Kontak',
            render: (r) => <Lines main={r.alumnus.phone ?? '–'} sub={r.alumnus.email ?? undefined} />,
          },
          {
            label: 'Status',
            render: (r) =>
              r.answer ? (
                <Lines
                  main={label('careerStatus', r.answer.careerStatus)}
                  sub={r.answer.institutionName ?? undefined}
                />
              ) : (
                <Badge color="orange" variant="light">
                  Belum mengisi
                </Badge>
              ),
          },
          {
            label: 'Diisi oleh',
            render: (r) =>
              r.answer ? (
                <Lines
                  main={r.answer.enteredBy?.fullName ?? 'Alumni sendiri'}
                  sub={formatDateTime(r.answer.submittedAt)}
                />
              ) : (
                '–'
              ),
          },
          {
            label: 'Aksi',
            render: (r) => (
              <Button
                component={Link}
                to={`/admin/tracer-study/${r.alumnus.id}`}
                state={fromList}
                size="xs"
                variant="light"
                aria-label={`${r.answer ? 'Buka' : 'Isi'} tracer study ${r.alumnus.fullName}`}
              >
                {r.answer ? 'Buka' : 'Isi'}
              </Button>
            ),
          },
        ]}
      />
    </>
  )
}
