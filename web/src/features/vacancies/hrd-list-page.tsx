import { Anchor, Button, Group } from '@mantine/core'
import { Link } from 'react-router'
import { api, unwrap } from '../../api/client'
import { ConfirmButton } from '../../components/confirm'
import { DataTable, Lines } from '../../components/data-table'
import { FilterBar } from '../../components/filter-bar'
import { LinkButton } from '../../components/link-button'
import { PageTitle } from '../../components/ui'
import { formatSalaryRange } from '../../lib/format'
import { label, options } from '../../lib/labels'
import { toastError, toastOk, toastSwitched } from '../../lib/toast'
import { useList } from '../../lib/use-list'
import { ActiveSwitch, ApprovalCell, DeadlineCell, deleteWarning } from './cells'

const KEYS = ['search', 'status', 'job_type', 'approval'] as const

/** The company's vacancies for HR: switched on or off, edited, removed; each leads to its applicants. */
export function HrdVacanciesPage() {
  const { filters: f, list } = useList(KEYS, (query) =>
    unwrap(api.GET('/api/hrd/job-vacancies', { params: { query } })),
  )
  const toggle = (id: number, isActive: boolean) =>
    unwrap(
      api.PATCH('/api/hrd/job-vacancies/{id}/toggle-active', {
        params: { path: { id } },
        body: { is_active: isActive },
      }),
    ).then((r) => {
      toastSwitched(r)
      list.reload()
    }, toastError)
  const remove = (id: number) =>
    unwrap(api.DELETE('/api/hrd/job-vacancies/{id}', { params: { path: { id } } })).then(() => {
      toastOk('Lowongan dihapus.')
      list.reload()
    }, toastError)
  return (
    <>
      <PageTitle title="Lowongan perusahaan">
        <LinkButton to="/hrd/lowongan/baru">Buat lowongan</LinkButton>
      </PageTitle>
      <FilterBar
        filters={f}
        search="Cari"
        fields={[
          { name: 'status', label: 'Status', options: options('activeStatus') },
          { name: 'job_type', label: 'Jenis', options: options('jobType') },
          { name: 'approval', label: 'Persetujuan', options: options('approvalStatus') },
        ]}
      />
      <DataTable
        loaded={list}
        empty="Belum ada lowongan."
        minWidth={860}
        onPage={f.setPage}
        columns={[
          {
            label: 'Lowongan',
            render: (v) => (
              <Lines
                bold
                main={v.title}
                sub={`${label('jobType', v.jobType)} · ${formatSalaryRange(v.minSalary, v.maxSalary)} · kuota ${v.quota}`}
              />
            ),
          },
          {
            label: 'Persetujuan BKK',
            render: (v) => <ApprovalCell v={v} reasonPrefix="Alasan: " />,
          },
          {
            label: 'Batas',
            render: (v) => <DeadlineCell v={v} />,
          },
          {
            label: 'Pelamar',
            render: (v) => (
              <Anchor component={Link} to={`/hrd/pelamar?job_vacancy_id=${v.id}`} size="sm">
                {v.applicantCount} pelamar
              </Anchor>
            ),
          },
          {
            label: 'Aktif',
            render: (v) => <ActiveSwitch v={v} toggle={toggle} reloading={list.loading} />,
          },
          {
            label: 'Aksi',
            render: (v) => (
              <Group gap={4} wrap="nowrap">
                <Button component={Link} to={`/hrd/lowongan/${v.id}/ubah`} size="xs" variant="light">
                  Ubah
                </Button>
                <ConfirmButton
                  title="Hapus lowongan?"
                  message={deleteWarning(v.title)}
                  confirmLabel="Hapus"
                  onConfirm={() => remove(v.id)}
                >
                  Hapus
                </ConfirmButton>
              </Group>
            ),
          },
        ]}
      />
    </>
  )
}
