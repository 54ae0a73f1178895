import { Modal, Text } from '@mantine/core'
import { useState } from 'react'
import { api, ifMatch, unwrap } from '../../api/client'
import { ConfirmButton } from '../../components/confirm'
import { type AnyBody, CrudPage } from '../../components/crud'
import type { ListRow } from '../../lib/api-types'
import { formatDateTime } from '../../lib/format'
import { label, options } from '../../lib/labels'
import { toastError } from '../../lib/toast'
import { PasswordLinkButton } from '../auth/password-link-button'
import { useMe } from '../auth/session'
import { activeColumn } from '../master-data/fields'
import { useCompanyOptions, withCurrent } from '../master-data/options'

type User = ListRow<'/api/admin/users'>
const ROLES = ['superadmin', 'admin', 'hrd', 'siswa', 'alumni'] as const

/** Every account (superadmin only): added, changed, switched off, given a temporary password. */
export function UsersPage() {
  const companies = useCompanyOptions()
  const [reset, setReset] = useState<string | null>(null)
  const me = useMe()
  return (
    <>
      <CrudPage<User>
        title="Pengguna"
        filters={['role', 'is_active']}
        filterFields={[
          { name: 'role', label: 'Peran', options: options('role', ROLES) },
          { name: 'is_active', label: 'Status', options: options('isActive') },
        ]}
        columns={[
          {
            label: 'Nama',
            render: (r) => (
              <>
                <Text size="sm" fw={600}>
                  {r.fullName}
                </Text>
                <Text size="xs" c="dimmed" style={{ wordBreak: 'break-all' }}>
                  {r.email}
                </Text>
              </>
            ),
          },
          {
            label: 'Peran',
            render: (r) =>
              `${label('role', r.role)}${r.companyName ? ` · ${r.companyName}${r.companyCity ? `, ${r.companyCity}` : ''}` : ''}${r.companyIsActive === false ? ' (nonaktif)' : ''}`,
          },
          { label: 'Masuk terakhir', render: (r) => formatDateTime(r.lastLoginAt) },
          activeColumn,
        ]}
        fields={(r) => [
          { name: 'full_name', label: 'Nama lengkap', required: true },
          { name: 'email', label: 'E-mail', type: 'email', required: true },
          { name: 'role', label: 'Peran', type: 'select', options: options('role', ROLES), required: true },
          {
            name: 'company_id',
            label: 'Perusahaan (untuk HRD)',
            type: 'select',
            // Active companies, and the account's own when it was switched off since.
            options: withCurrent(
              companies,
              r?.companyId && r.companyName ? { id: r.companyId, name: r.companyName } : null,
            ),
          },
          { name: 'password', label: 'Kata sandi', type: 'password', createOnly: true, required: true },
        ]}
        list={(query) => unwrap(api.GET('/api/admin/users', { params: { query: query as never } }))}
        create={(body) => unwrap(api.POST('/api/admin/users', { body: body as AnyBody }))}
        update={(id, body, version) =>
          unwrap(
            api.PUT('/api/admin/users/{id}', {
              params: { path: { id }, header: ifMatch(version) },
              body: body as AnyBody,
            }),
          )
        }
        remove={(id) => unwrap(api.DELETE('/api/admin/users/{id}', { params: { path: { id } } }))}
        nameOf={(r) => r.fullName}
        valuesOf={(r) => ({
          full_name: r.fullName,
          email: r.email,
          role: r.role,
          company_id: r.companyId ? String(r.companyId) : '',
        })}
        wrapActions
        extraActions={(r, reload) =>
          r.id === me.id ? null : <AccountActions user={r} onToggled={reload} onReset={setReset} />
        }
      />
      <Modal opened={reset !== null} onClose={() => setReset(null)} title="Kata sandi sementara" centered>
        <Text>Sampaikan kata sandi ini kepada pemilik akun (hanya ditampilkan sekali):</Text>
        <Text fw={700} ff="monospace" size="lg" mt="sm">
          {reset}
        </Text>
      </Modal>
    </>
  )
}

/** What switching an account on gives its owner: an HR account works only for an active company. */
function switchedOn(r: User) {
  if (r.role !== 'hrd') return `${r.email} bisa masuk lagi.`
  if (r.companyId === null)
    return `${r.email} bisa masuk lagi, tetapi belum terhubung ke perusahaan: pilih perusahaannya lewat Ubah agar akun ini bisa bekerja.`
  if (r.companyIsActive === false)
    return `${r.email} bisa masuk lagi, tetapi perusahaannya (${r.companyName}) nonaktif: akun ini baru bisa bekerja setelah perusahaannya diaktifkan.`
  return `${r.email} bisa masuk lagi dan bekerja untuk ${r.companyName}.`
}

function AccountActions({
  user: r,
  onToggled,
  onReset,
}: {
  user: User
  onToggled: () => void
  onReset: (password: string) => void
}) {
  return (
    <>
      <ConfirmButton
        title={r.isActive ? 'Nonaktifkan akun?' : 'Aktifkan akun?'}
        message={r.isActive ? `${r.email} tidak bisa masuk dan sesi yang berjalan berakhir.` : switchedOn(r)}
        color={r.isActive ? 'orange' : 'green'}
        onConfirm={() =>
          unwrap(
            api.PATCH('/api/admin/users/{id}/toggle-active', {
              params: { path: { id: r.id } },
              body: { is_active: !r.isActive },
            }),
          ).then(onToggled, toastError)
        }
      >
        {r.isActive ? 'Nonaktifkan' : 'Aktifkan'}
      </ConfirmButton>
      {/* An inactive account cannot sign in: activate it first (the service refuses it too). */}
      {r.isActive && (
        <ConfirmButton
          title="Buat kata sandi sementara?"
          message={`Kata sandi ${r.email} diganti dengan kata sandi sementara yang ditampilkan sekali.`}
          color="blue"
          onConfirm={() =>
            unwrap(
              api.POST('/api/admin/users/{id}/reset-password', {
                params: { path: { id: r.id } },
                body: {} as AnyBody,
              }),
            ).then((res) => onReset(res.data.temporaryPassword ?? 'Kata sandi diganti.'), toastError)
          }
        >
          Buat kata sandi sementara
        </ConfirmButton>
      )}
      {r.isActive && <PasswordLinkButton userId={r.id} email={r.email} />}
    </>
  )
}
