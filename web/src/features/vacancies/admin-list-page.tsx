import { Anchor, Button, Group, Stack, Text, Textarea } from '@mantine/core'
import { useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { api, unwrap } from '../../api/client'
import { ConfirmButton } from '../../components/confirm'
import { DataTable, Lines } from '../../components/data-table'
import { FilterBar } from '../../components/filter-bar'
import { useForm } from '../../components/form'
import { FormModal } from '../../components/form-modal'
import { LinkButton } from '../../components/link-button'
import { ModalActions } from '../../components/modal-actions'
import { PageTitle } from '../../components/ui'
import { actFor } from '../../lib/acting-company'
import type { ListRow } from '../../lib/api-types'
import { formatDate, formatSalaryRange } from '../../lib/format'
import { label, options } from '../../lib/labels'
import { idOptions } from '../../lib/options'
import { toastError, toastOk, toastSwitched } from '../../lib/toast'
import { useList } from '../../lib/use-list'
import { useLoad } from '../../lib/use-load'
import { ActiveSwitch, ApprovalCell, DeadlineCell, deleteWarning } from './cells'

type Row = ListRow<'/api/admin/job-vacancies'>

const KEYS = ['search', 'company_id', 'status', 'approval'] as const

/** Who posted it, with their role and the date under the name. */
function Poster({ v }: { v: Row }) {
  const when = formatDate(v.createdAt, true)
  if (!v.postedBy) return <Lines main="Tidak diketahui" sub={when} />
  return <Lines main={v.postedBy.fullName} sub={`${label('role', v.postedBy.role)} · ${when}`} />
}

/**
 * The career center's vacancies screen: every company's vacancies by company, status and approval; posted
 * and edited for any active company; switched, removed; HR's vacancies that wait approved or rejected with a
 * reason; and, for a company without HR, the way into its selection (HR's screens, acting for the company).
 */
export function AdminVacanciesPage() {
  const navigate = useNavigate()
  const { filters: f, list } = useList(KEYS, (query) =>
    unwrap(api.GET('/api/admin/job-vacancies', { params: { query } })),
  )
  const companies = useLoad(
    () => unwrap(api.GET('/api/admin/companies/options', { params: { query: { include_inactive: true } } })),
    [],
  )
  const [rejecting, setRejecting] = useState<Row | null>(null)
  const pending = (list.data?.meta as { pendingApproval?: number } | undefined)?.pendingApproval ?? 0

  const done = (message: string) => () => {
    toastOk(message)
    list.reload()
  }
  const toggle = (id: number, isActive: boolean) =>
    unwrap(
      api.PATCH('/api/admin/job-vacancies/{id}/toggle-active', {
        params: { path: { id } },
        body: { is_active: isActive },
      }),
    ).then((r) => {
      toastSwitched(r)
      list.reload()
    }, toastError)
  const remove = (id: number) =>
    unwrap(api.DELETE('/api/admin/job-vacancies/{id}', { params: { path: { id } } })).then(
      done('Lowongan dihapus.'),
      toastError,
    )
  const approve = (id: number) =>
    unwrap(api.POST('/api/admin/job-vacancies/{id}/approve', { params: { path: { id } } })).then(
      done('Lowongan disetujui. HRD perusahaan diberi tahu.'),
      toastError,
    )
  const manage = (v: Row, to: string) => {
    actFor({ id: v.company.id, name: v.company.name })
    navigate(to)
  }

  return (
    <>
      <PageTitle title="Lowongan">
        {pending > 0 && (
          <Button size="xs" variant="light" color="yellow" onClick={() => f.set({ approval: 'pending' })}>
            {pending} menunggu persetujuan
          </Button>
        )}
        <LinkButton to="/admin/lowongan/baru">Buat lowongan</LinkButton>
      </PageTitle>
      <FilterBar
        filters={f}
        search="Cari"
        fields={[
          {
            name: 'company_id',
            label: 'Perusahaan',
            options: idOptions(companies.data?.data),
            searchable: true,
          },
          { name: 'status', label: 'Status', options: options('activeStatus') },
          { name: 'approval', label: 'Persetujuan', options: options('approvalStatus') },
        ]}
      />
      <DataTable
        loaded={list}
        empty="Tidak ada lowongan."
        minWidth={980}
        onPage={f.setPage}
        columns={[
          {
            label: 'Lowongan',
            render: (v) => (
              <Lines
                bold
                main={v.title}
                sub={`${v.company.name} · ${label('jobType', v.jobType)} · ${formatSalaryRange(v.minSalary, v.maxSalary)} · kuota ${v.quota}`}
              />
            ),
          },
          {
            label: 'Dipasang',
            render: (v) => <Poster v={v} />,
          },
          {
            label: 'Persetujuan',
            render: (v) => <ApprovalCell v={v} />,
          },
          {
            label: 'Batas',
            render: (v) => <DeadlineCell v={v} />,
          },
          {
            label: 'Pelamar',
            render: (v) =>
              v.company.hasHrd ? (
                <Text size="sm">{v.applicantCount} pelamar</Text>
              ) : (
                <Stack gap={2} align="flex-start">
                  <Anchor
                    component="button"
                    size="sm"
                    onClick={() => manage(v, `/hrd/pelamar?job_vacancy_id=${v.id}`)}
                    aria-label={`Kelola seleksi ${v.title}`}
                  >
                    {v.applicantCount} pelamar · Kelola seleksi
                  </Anchor>
                  <Text size="xs" c="grape.7">
                    tanpa akun HRD
                  </Text>
                </Stack>
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
                {v.approvalStatus !== 'approved' && (
                  <ConfirmButton
                    title="Setujui lowongan?"
                    message={`"${v.title}" dari ${v.company.name} akan tampil bagi siswa dan alumni. HRD perusahaan diberi tahu.`}
                    confirmLabel="Setujui"
                    color="green"
                    onConfirm={() => approve(v.id)}
                  >
                    Setujui
                  </ConfirmButton>
                )}
                {v.approvalStatus === 'pending' && (
                  <Button size="xs" variant="light" color="red" onClick={() => setRejecting(v)}>
                    Tolak
                  </Button>
                )}
                <Button component={Link} to={`/admin/lowongan/${v.id}/ubah`} size="xs" variant="light">
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
      {rejecting && (
        <RejectModal
          vacancy={rejecting}
          onClose={() => setRejecting(null)}
          onDone={() => {
            setRejecting(null)
            done('Lowongan ditolak. HRD perusahaan diberi tahu alasannya.')()
          }}
        />
      )}
    </>
  )
}

/** Rejecting a pending vacancy: the reason is required and told to the company's HR. */
function RejectModal({
  vacancy,
  onClose,
  onDone,
}: {
  vacancy: Row
  onClose: () => void
  onDone: () => void
}) {
  const form = useForm({ reason: '' })
  const submit = form.submit(async (v) => {
    await unwrap(
      api.POST('/api/admin/job-vacancies/{id}/reject', {
        params: { path: { id: vacancy.id } },
        body: { reason: v.reason },
      }),
    )
    onDone()
  })
  return (
    <FormModal dirty={form.dirty} opened onClose={onClose} title="Tolak lowongan" centered>
      <form onSubmit={submit} noValidate>
        <Stack>
          <Text size="sm">
            "{vacancy.title}" dari {vacancy.company.name}. HRD perusahaan menerima alasan ini dan dapat
            memperbaiki lowongannya.
          </Text>
          <Textarea label="Alasan penolakan" required autosize minRows={3} {...form.text('reason')} />
          <ModalActions onCancel={onClose} form={form} color="red">
            Tolak lowongan
          </ModalActions>
        </Stack>
      </form>
    </FormModal>
  )
}
