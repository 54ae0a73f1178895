import { Progress, Text } from '@mantine/core'
import { api, unwrap } from '../../api/client'
import { DataTable, Lines } from '../../components/data-table'
import { FilterBar } from '../../components/filter-bar'
import { PageTitle } from '../../components/ui'
import { formatDate } from '../../lib/format'
import { options } from '../../lib/labels'
import { useList } from '../../lib/use-list'
import { useCompanyOptions, useMajorOptions } from '../master-data/options'

const KEYS = ['search', 'company_id', 'major_id', 'status'] as const

/** Why a vacancy takes no applications, most telling first (the learners' rule, vacancies/eligibility.ts). */
function shutBecause(v: { isDeleted: boolean; approvalStatus: string; isActive: boolean; deadline: string }) {
  if (v.isDeleted) return 'dihapus'
  if (v.approvalStatus === 'pending') return 'menunggu persetujuan BKK'
  if (v.approvalStatus === 'rejected') return 'ditolak BKK'
  if (!v.isActive) return 'nonaktif'
  return 'tidak menerima lamaran'
}

/** The career center follows each vacancy's selection: applicants, tests, results, places filled. */
export function MonitoringPage() {
  const { filters: f, list } = useList(KEYS, (query) =>
    unwrap(api.GET('/api/admin/recruitment-selections', { params: { query } })),
  )
  // Applications under way may be at a company, or of a major, switched off since.
  const companies = useCompanyOptions({ includeInactive: true })
  const majors = useMajorOptions({ includeInactive: true })
  return (
    <>
      <PageTitle title="Progres seleksi" />
      <FilterBar
        filters={f}
        fields={[
          { name: 'company_id', label: 'Perusahaan', options: companies, searchable: true },
          { name: 'major_id', label: 'Kompetensi', options: majors, searchable: true },
          { name: 'status', label: 'Status', options: options('vacancyOpen') },
        ]}
      />
      <DataTable
        loaded={list}
        empty="Tidak ada lowongan."
        minWidth={760}
        onPage={f.setPage}
        columns={[
          {
            label: 'Lowongan',
            render: (v) => (
              <Lines
                bold
                main={v.title}
                sub={`${v.company.name} · tutup ${formatDate(v.deadline, true)}${v.isOpen ? '' : ` · ${shutBecause(v)}`}`}
              />
            ),
          },
          {
            label: 'Pelamar',
            render: (v) => (
              <Lines
                main={v.applicants.total}
                sub={`${v.applicants.pending} menunggu · ${v.applicants.in_progress} proses`}
              />
            ),
          },
          {
            label: 'Tes (jadwal/hadir/nilai)',
            render: (v) => `${v.scheduled} / ${v.attended} / ${v.scored}`,
          },
          { label: 'Diumumkan', render: (v) => v.published },
          {
            label: 'Diterima / kuota',
            render: (v) => (
              <>
                <Text size="sm">
                  {v.applicants.accepted} / {v.quota}
                </Text>
                <Progress
                  value={v.quota ? Math.min(100, (v.applicants.accepted / v.quota) * 100) : 0}
                  aria-label={`Terisi ${v.applicants.accepted} dari ${v.quota}`}
                  size="sm"
                />
              </>
            ),
          },
        ]}
      />
    </>
  )
}
