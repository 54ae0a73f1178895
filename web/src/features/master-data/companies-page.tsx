import { Badge, Button, Stack } from '@mantine/core'
import { useState } from 'react'
import { api, ifMatch, unwrap } from '../../api/client'
import { ConfirmButton } from '../../components/confirm'
import { type AnyBody, CrudPage } from '../../components/crud'
import { Lines } from '../../components/data-table'
import { StatusBadge } from '../../components/status-badge'
import type { ListRow } from '../../lib/api-types'
import { options } from '../../lib/labels'
import { toastError } from '../../lib/toast'
import { activeField, descriptionField } from './fields'
import { HrAccountsModal } from './hr-accounts-modal'

const s = (v: string | null | undefined) => v ?? ''

/** The partner companies: switched on or off, and their HR accounts. */
export function CompaniesPage() {
  // The company whose HR accounts are open, and how to reload the list that counts them.
  const [hr, setHr] = useState<{ id: number; name: string; reload: () => void } | null>(null)
  return (
    <>
      <CrudPage<ListRow<'/api/admin/companies'>>
        title="Perusahaan mitra"
        filters={['is_active']}
        filterFields={[{ name: 'is_active', label: 'Status', options: options('isActive') }]}
        columns={[
          { label: 'Nama', render: (r) => <Lines bold main={r.name} sub={r.industry ?? ''} /> },
          { label: 'Kota', render: (r) => r.city ?? '–' },
          {
            label: 'HRD aktif / lowongan',
            render: (r) => (
              <Lines
                main={`${r.activeHrdCount} / ${r.vacancyCount}`}
                sub={
                  r.hrdCount > r.activeHrdCount
                    ? `${r.hrdCount - r.activeHrdCount} akun HRD nonaktif`
                    : undefined
                }
              />
            ),
          },
          {
            label: 'Status',
            render: (r) => (
              <Stack gap={4}>
                <StatusBadge of="activeStatus" value={r.isActive ? 'active' : 'inactive'} />
                {r.vacanciesNeedApproval && (
                  <Badge color="blue" variant="light" radius="sm">
                    Lowongan perlu persetujuan
                  </Badge>
                )}
              </Stack>
            ),
          },
        ]}
        fields={[
          { name: 'name', label: 'Nama', required: true },
          { name: 'industry', label: 'Bidang usaha' },
          { name: 'email', label: 'E-mail', type: 'email' },
          { name: 'phone', label: 'Telepon' },
          { name: 'address', label: 'Alamat' },
          { name: 'city', label: 'Kota' },
          { name: 'province', label: 'Provinsi' },
          { name: 'website', label: 'Situs web' },
          descriptionField,
          activeField,
          {
            name: 'vacancies_need_approval',
            label: 'Lowongan baru perlu persetujuan BKK',
            type: 'switch',
            editOnly: true,
          },
        ]}
        list={(query) => unwrap(api.GET('/api/admin/companies', { params: { query: query as never } }))}
        create={(body) => unwrap(api.POST('/api/admin/companies', { body: body as AnyBody }))}
        update={(id, body, version) =>
          unwrap(
            api.PUT('/api/admin/companies/{id}', {
              params: { path: { id }, header: ifMatch(version) },
              body: body as AnyBody,
            }),
          )
        }
        remove={(id) => unwrap(api.DELETE('/api/admin/companies/{id}', { params: { path: { id } } }))}
        nameOf={(r) => r.name}
        valuesOf={(r) => ({
          name: r.name,
          industry: s(r.industry),
          email: s(r.email),
          phone: s(r.phone),
          address: s(r.address),
          city: s(r.city),
          province: s(r.province),
          website: s(r.website),
          description: s(r.description),
          is_active: r.isActive,
          vacancies_need_approval: r.vacanciesNeedApproval,
        })}
        extraActions={(r, reload) => (
          <>
            <ConfirmButton
              title={r.isActive ? 'Nonaktifkan perusahaan?' : 'Aktifkan perusahaan?'}
              message={
                r.isActive
                  ? 'Lowongan perusahaan tidak tampil, akun HRD-nya tidak bisa bekerja, dan tes seleksinya yang belum dimulai dibatalkan (peserta diberi tahu).'
                  : 'Perusahaan kembali aktif.'
              }
              color={r.isActive ? 'orange' : 'green'}
              onConfirm={() =>
                unwrap(
                  api.PATCH('/api/admin/companies/{id}/toggle-active', {
                    params: { path: { id: r.id } },
                    body: { is_active: !r.isActive },
                  }),
                ).then(reload, toastError)
              }
            >
              {r.isActive ? 'Nonaktifkan' : 'Aktifkan'}
            </ConfirmButton>
            <Button size="xs" variant="light" onClick={() => setHr({ id: r.id, name: r.name, reload })}>
              Akun HRD
            </Button>
          </>
        )}
      />
      {hr && <HrAccountsModal company={hr} onClose={() => setHr(null)} onChanged={hr.reload} />}
    </>
  )
}
