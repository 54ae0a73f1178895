import '../styles-all'
import {
  Button,
  Card,
  Group,
  Modal,
  PasswordInput,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { useState } from 'react'
import { api, unwrap } from '../api/client'
import type { paths } from '../api/schema'
import { useMe } from '../auth'
import { ConfirmButton } from '../components/confirm'
import { CrudPage, type Field } from '../components/crud'
import { DateField } from '../components/dates'
import { Loading, type Meta, Pager, PageTitle, StatusBadge } from '../components/ui'
import { formatDate, formatDateTime } from '../lib/format'
import { label, NOT_MARKED, options } from '../lib/labels'
import { toastError, toastOk } from '../lib/toast'
import { useUrlFilters } from '../lib/url-state'
import { useLoad } from '../lib/use-load'

const opts = (xs: { value: string | number; label: string }[] | undefined) =>
  (xs ?? []).map((x) => ({ value: String(x.value), label: x.label }))
const s = (v: string | null | undefined) => v ?? ''
const yes = (b: boolean) => label('isActive', b)

function useMajorOptions() {
  return useLoad(() => unwrap(api.GET('/api/admin/majors/options')), []).data?.data
}
function useDepartmentOptions() {
  return useLoad(() => unwrap(api.GET('/api/admin/departments/options')), []).data?.data
}

type ListRow<P extends keyof paths> = paths[P] extends {
  get: { responses: { 200: { content: { 'application/json': { data: (infer R)[] } } } } }
}
  ? R
  : never
type StudentRow = ListRow<'/api/admin/students'>
type AlumniRow = ListRow<'/api/admin/alumni'>
type CompanyRow = ListRow<'/api/admin/companies'>
type DepartmentRow = ListRow<'/api/admin/departments'>
type MajorRow = ListRow<'/api/admin/majors'>
type UserRow = ListRow<'/api/admin/users'>

// biome-ignore lint/suspicious/noExplicitAny: generic CRUD passes a body built from its fields
type AnyBody = any

const learnerFields = (majors: { value: string; label: string }[], alumni: boolean): Field[] => [
  { name: 'nis', label: 'NIS', required: true },
  { name: 'full_name', label: 'Nama lengkap', required: true },
  { name: 'major_id', label: 'Kompetensi keahlian', type: 'select', options: majors, required: true },
  { name: 'class_name', label: 'Kelas' },
  ...(alumni
    ? [{ name: 'graduation_year', label: 'Tahun lulus', type: 'number', required: true } as Field]
    : []),
  {
    name: 'gender',
    label: 'Jenis kelamin',
    type: 'select',
    options: options('gender'),
  },
  { name: 'birth_date', label: 'Tanggal lahir', type: 'date' },
  { name: 'phone', label: 'Telepon' },
  { name: 'email', label: 'E-mail', type: 'email' },
  { name: 'address', label: 'Alamat' },
  {
    name: 'password',
    label: 'Kata sandi akun (kosong = dibuat otomatis)',
    type: 'password',
    createOnly: true,
  },
  { name: 'create_account', label: 'Buat akun login', type: 'switch', createOnly: true },
]

export function StudentsPage() {
  const majors = opts(useMajorOptions())
  const [upgrade, setUpgrade] = useState<{ ids: number[]; reload: () => void } | null>(null)
  return (
    <>
      <CrudPage<StudentRow>
        title="Siswa kelas 12"
        filters={['major_id', 'class_name']}
        filterFields={[{ name: 'major_id', label: 'Kompetensi', options: majors }]}
        selectable
        headerActions={(ids, reload) => (
          <Button
            size="xs"
            variant="light"
            disabled={!ids.length}
            onClick={() => setUpgrade({ ids, reload })}
          >
            Jadikan alumni ({ids.length})
          </Button>
        )}
        columns={[
          {
            label: 'Nama',
            render: (r) => (
              <>
                <Text size="sm" fw={600}>
                  {r.fullName}
                </Text>
                <Text size="xs" c="dimmed">
                  NIS {r.nis}
                </Text>
              </>
            ),
          },
          { label: 'Kompetensi', render: (r) => `${r.major.name}${r.className ? ` · ${r.className}` : ''}` },
          { label: 'Akun', render: (r) => (r.account ? r.account.email : '–') },
        ]}
        fields={learnerFields(majors, false)}
        list={(query) => unwrap(api.GET('/api/admin/students', { params: { query: query as never } }))}
        create={(body) => unwrap(api.POST('/api/admin/students', { body: body as AnyBody }))}
        update={(id, body) =>
          unwrap(api.PUT('/api/admin/students/{id}', { params: { path: { id } }, body: body as AnyBody }))
        }
        remove={(id) => unwrap(api.DELETE('/api/admin/students/{id}', { params: { path: { id } } }))}
        valuesOf={(r) => ({
          nis: r.nis,
          full_name: r.fullName,
          major_id: String(r.major.id),
          class_name: s(r.className),
          gender: s(r.gender),
          birth_date: s(r.birthDate),
          phone: s(r.phone),
          email: s(r.email),
          address: s(r.address),
        })}
      />
      {upgrade && <UpgradeModal ids={upgrade.ids} onClose={() => setUpgrade(null)} onDone={upgrade.reload} />}
    </>
  )
}

function UpgradeModal({ ids, onClose, onDone }: { ids: number[]; onClose: () => void; onDone: () => void }) {
  const [year, setYear] = useState(String(new Date().getFullYear()))
  const [busy, setBusy] = useState(false)
  return (
    <Modal opened onClose={onClose} title="Jadikan alumni" centered>
      <Stack>
        <Text size="sm">
          {ids.length} siswa akan menjadi alumni; akun mereka berubah peran menjadi alumni.
        </Text>
        <TextInput
          label="Tahun lulus"
          inputMode="numeric"
          value={year}
          onChange={(e) => setYear(e.currentTarget.value)}
        />
        <Group justify="flex-end">
          <Button variant="default" onClick={onClose}>
            Batal
          </Button>
          <Button
            loading={busy}
            onClick={async () => {
              setBusy(true)
              try {
                const r = await unwrap(
                  api.POST('/api/admin/alumni/upgrade', {
                    body: { student_ids: ids, graduation_year: Number(year) } as AnyBody,
                  }),
                )
                toastOk(`${r.data.upgraded} siswa menjadi alumni.`)
                onClose()
                onDone()
              } catch (err) {
                toastError(err)
              } finally {
                setBusy(false)
              }
            }}
          >
            Jadikan alumni
          </Button>
        </Group>
      </Stack>
    </Modal>
  )
}

export function AlumniPage() {
  const majors = opts(useMajorOptions())
  return (
    <CrudPage<AlumniRow>
      title="Alumni"
      filters={['major_id', 'graduation_year']}
      filterFields={[{ name: 'major_id', label: 'Kompetensi', options: majors }]}
      columns={[
        {
          label: 'Nama',
          render: (r) => (
            <>
              <Text size="sm" fw={600}>
                {r.fullName}
              </Text>
              <Text size="xs" c="dimmed">
                NIS {r.nis}
              </Text>
            </>
          ),
        },
        { label: 'Kompetensi', render: (r) => r.major.name },
        { label: 'Lulus', render: (r) => r.graduationYear ?? '–' },
        { label: 'Akun', render: (r) => (r.account ? r.account.email : '–') },
      ]}
      fields={learnerFields(majors, true)}
      list={(query) => unwrap(api.GET('/api/admin/alumni', { params: { query: query as never } }))}
      create={(body) => unwrap(api.POST('/api/admin/alumni', { body: body as AnyBody }))}
      update={(id, body) =>
        unwrap(api.PUT('/api/admin/alumni/{id}', { params: { path: { id } }, body: body as AnyBody }))
      }
      remove={(id) => unwrap(api.DELETE('/api/admin/alumni/{id}', { params: { path: { id } } }))}
      valuesOf={(r) => ({
        nis: r.nis,
        full_name: r.fullName,
        major_id: String(r.major.id),
        class_name: s(r.className),
        graduation_year: String(r.graduationYear ?? ''),
        gender: s(r.gender),
        birth_date: s(r.birthDate),
        phone: s(r.phone),
        email: s(r.email),
        address: s(r.address),
      })}
    />
  )
}

export function CompaniesPage() {
  const [hr, setHr] = useState<{ id: number; name: string } | null>(null)
  return (
    <>
      <CrudPage<CompanyRow>
        title="Perusahaan mitra"
        filters={['is_active']}
        filterFields={[
          {
            name: 'is_active',
            label: 'Status',
            options: options('isActive'),
          },
        ]}
        columns={[
          {
            label: 'Nama',
            render: (r) => (
              <>
                <Text size="sm" fw={600}>
                  {r.name}
                </Text>
                <Text size="xs" c="dimmed">
                  {r.industry ?? ''}
                </Text>
              </>
            ),
          },
          { label: 'Kota', render: (r) => r.city ?? '–' },
          { label: 'HRD / lowongan', render: (r) => `${r.hrdCount} / ${r.vacancyCount}` },
          {
            label: 'Status',
            render: (r) => <StatusBadge of="activeStatus" value={r.isActive ? 'active' : 'inactive'} />,
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
          { name: 'description', label: 'Deskripsi', type: 'textarea' },
          { name: 'is_active', label: 'Aktif', type: 'switch' },
        ]}
        list={(query) => unwrap(api.GET('/api/admin/companies', { params: { query: query as never } }))}
        create={(body) => unwrap(api.POST('/api/admin/companies', { body: body as AnyBody }))}
        update={(id, body) =>
          unwrap(api.PUT('/api/admin/companies/{id}', { params: { path: { id } }, body: body as AnyBody }))
        }
        remove={(id) => unwrap(api.DELETE('/api/admin/companies/{id}', { params: { path: { id } } }))}
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
        })}
        extraActions={(r, reload) => (
          <>
            <ConfirmButton
              title={r.isActive ? 'Nonaktifkan perusahaan?' : 'Aktifkan perusahaan?'}
              message={
                r.isActive
                  ? 'Lowongan perusahaan tidak tampil dan akun HRD-nya tidak bisa bekerja.'
                  : 'Perusahaan kembali aktif.'
              }
              color={r.isActive ? 'orange' : 'green'}
              onConfirm={() =>
                unwrap(
                  api.PATCH('/api/admin/companies/{id}/toggle-active', { params: { path: { id: r.id } } }),
                ).then(reload, toastError)
              }
            >
              {r.isActive ? 'Nonaktifkan' : 'Aktifkan'}
            </ConfirmButton>
            <Button size="xs" variant="light" onClick={() => setHr({ id: r.id, name: r.name })}>
              Akun HRD
            </Button>
          </>
        )}
      />
      {hr && <HrAccountModal company={hr} onClose={() => setHr(null)} />}
    </>
  )
}

function HrAccountModal({
  company,
  onClose,
}: {
  company: { id: number; name: string }
  onClose: () => void
}) {
  const detail = useLoad(
    () => unwrap(api.GET('/api/admin/companies/{id}', { params: { path: { id: company.id } } })),
    [company.id],
  )
  const [v, setV] = useState({ email: '', full_name: '', password: '' })
  const [errors, setErrors] = useState<Record<string, string>>({})
  return (
    <Modal opened onClose={onClose} title={`Akun HRD ${company.name}`} size="lg">
      <Loading loaded={detail}>
        {({ data }) => (
          <Stack>
            {(
              data as { hrAccounts?: { id: number; email: string; fullName: string; isActive: boolean }[] }
            ).hrAccounts?.map((a) => (
              <Group key={a.id} justify="space-between">
                <Text size="sm">
                  {a.fullName} · {a.email}
                </Text>
                <ConfirmButton
                  title="Lepaskan akun HRD?"
                  message={`${a.email} tidak lagi terhubung ke ${company.name}.`}
                  onConfirm={() =>
                    unwrap(
                      api.DELETE('/api/admin/companies/{id}/hr-accounts/{userId}', {
                        params: { path: { id: company.id, userId: a.id } },
                      }),
                    ).then(detail.reload, toastError)
                  }
                >
                  Lepaskan
                </ConfirmButton>
              </Group>
            ))}
            <Title order={3} size="h5">
              Tambah akun HRD
            </Title>
            <SimpleGrid cols={{ base: 1, sm: 3 }}>
              <TextInput
                label="Nama"
                value={v.full_name}
                onChange={(e) => setV({ ...v, full_name: e.currentTarget.value })}
                error={errors.full_name}
              />
              <TextInput
                label="E-mail"
                type="email"
                value={v.email}
                onChange={(e) => setV({ ...v, email: e.currentTarget.value })}
                error={errors.email}
              />
              <PasswordInput
                label="Kata sandi"
                value={v.password}
                onChange={(e) => setV({ ...v, password: e.currentTarget.value })}
                error={errors.password}
              />
            </SimpleGrid>
            <Group>
              <Button
                onClick={() =>
                  unwrap(
                    api.POST('/api/admin/companies/{id}/hr-accounts', {
                      params: { path: { id: company.id } },
                      body: v as AnyBody,
                    }),
                  ).then(
                    () => {
                      toastOk('Akun HRD ditambahkan.')
                      setV({ email: '', full_name: '', password: '' })
                      setErrors({})
                      detail.reload()
                    },
                    (err) => {
                      setErrors(
                        Object.fromEntries(
                          Object.entries(err.errors ?? {}).map(([k, m]) => [k, (m as string[])[0]]),
                        ),
                      )
                      toastError(err)
                    },
                  )
                }
              >
                Tambah
              </Button>
            </Group>
          </Stack>
        )}
      </Loading>
    </Modal>
  )
}

export function DepartmentsPage() {
  return (
    <CrudPage<DepartmentRow>
      title="Bidang keahlian"
      columns={[
        { label: 'Kode', render: (r) => r.code },
        { label: 'Nama', render: (r) => r.name },
        { label: 'Kompetensi', render: (r) => r.majorCount },
        { label: 'Status', render: (r) => yes(r.isActive) },
      ]}
      fields={[
        { name: 'code', label: 'Kode', required: true },
        { name: 'name', label: 'Nama', required: true },
        { name: 'description', label: 'Deskripsi', type: 'textarea' },
        { name: 'is_active', label: 'Aktif', type: 'switch' },
      ]}
      list={(query) => unwrap(api.GET('/api/admin/departments', { params: { query: query as never } }))}
      create={(body) => unwrap(api.POST('/api/admin/departments', { body: body as AnyBody }))}
      update={(id, body) =>
        unwrap(api.PUT('/api/admin/departments/{id}', { params: { path: { id } }, body: body as AnyBody }))
      }
      remove={(id) => unwrap(api.DELETE('/api/admin/departments/{id}', { params: { path: { id } } }))}
      valuesOf={(r) => ({ code: r.code, name: r.name, description: s(r.description), is_active: r.isActive })}
    />
  )
}

export function MajorsPage() {
  const deps = opts(useDepartmentOptions())
  return (
    <CrudPage<MajorRow>
      title="Kompetensi keahlian"
      filters={['department_id']}
      filterFields={[{ name: 'department_id', label: 'Bidang', options: deps }]}
      columns={[
        { label: 'Kode', render: (r) => r.code },
        { label: 'Nama', render: (r) => r.name },
        { label: 'Bidang', render: (r) => r.department.name },
        { label: 'Siswa / alumni', render: (r) => `${r.studentCount} / ${r.alumniCount}` },
        { label: 'Status', render: (r) => yes(r.isActive) },
      ]}
      fields={[
        { name: 'department_id', label: 'Bidang keahlian', type: 'select', options: deps, required: true },
        { name: 'code', label: 'Kode', required: true },
        { name: 'name', label: 'Nama', required: true },
        { name: 'description', label: 'Deskripsi', type: 'textarea' },
        { name: 'is_active', label: 'Aktif', type: 'switch' },
      ]}
      list={(query) => unwrap(api.GET('/api/admin/majors', { params: { query: query as never } }))}
      create={(body) => unwrap(api.POST('/api/admin/majors', { body: body as AnyBody }))}
      update={(id, body) =>
        unwrap(api.PUT('/api/admin/majors/{id}', { params: { path: { id } }, body: body as AnyBody }))
      }
      remove={(id) => unwrap(api.DELETE('/api/admin/majors/{id}', { params: { path: { id } } }))}
      valuesOf={(r) => ({
        department_id: String(r.department.id),
        code: r.code,
        name: r.name,
        description: s(r.description),
        is_active: r.isActive,
      })}
    />
  )
}

const ROLES = ['superadmin', 'admin', 'hrd', 'siswa', 'alumni'] as const

export function UsersPage() {
  const companies = opts(useLoad(() => unwrap(api.GET('/api/admin/companies/options')), []).data?.data)
  const [reset, setReset] = useState<string | null>(null)
  const me = useMe()
  return (
    <>
      <CrudPage<UserRow>
        title="Pengguna"
        filters={['role', 'is_active']}
        filterFields={[
          { name: 'role', label: 'Peran', options: options('role', ROLES) },
          {
            name: 'is_active',
            label: 'Status',
            options: options('isActive'),
          },
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
            render: (r) => `${label('role', r.role)}${r.companyName ? ` · ${r.companyName}` : ''}`,
          },
          { label: 'Masuk terakhir', render: (r) => formatDateTime(r.lastLoginAt) },
          { label: 'Status', render: (r) => yes(r.isActive) },
        ]}
        fields={[
          { name: 'full_name', label: 'Nama lengkap', required: true },
          { name: 'email', label: 'E-mail', type: 'email', required: true },
          {
            name: 'role',
            label: 'Peran',
            type: 'select',
            options: options('role', ROLES),
            required: true,
          },
          { name: 'company_id', label: 'Perusahaan (untuk HRD)', type: 'select', options: companies },
          { name: 'password', label: 'Kata sandi', type: 'password', createOnly: true, required: true },
        ]}
        list={(query) => unwrap(api.GET('/api/admin/users', { params: { query: query as never } }))}
        create={(body) => unwrap(api.POST('/api/admin/users', { body: body as AnyBody }))}
        update={(id, body) =>
          unwrap(api.PUT('/api/admin/users/{id}', { params: { path: { id } }, body: body as AnyBody }))
        }
        remove={(id) => unwrap(api.DELETE('/api/admin/users/{id}', { params: { path: { id } } }))}
        valuesOf={(r) => ({
          full_name: r.fullName,
          email: r.email,
          role: r.role,
          company_id: r.companyId ? String(r.companyId) : '',
        })}
        extraActions={(r, reload) =>
          r.id === me.id ? null : (
            <>
              <ConfirmButton
                title={r.isActive ? 'Nonaktifkan akun?' : 'Aktifkan akun?'}
                message={
                  r.isActive
                    ? `${r.email} tidak bisa masuk dan sesi yang berjalan berakhir.`
                    : `${r.email} bisa masuk lagi.`
                }
                color={r.isActive ? 'orange' : 'green'}
                onConfirm={() =>
                  unwrap(
                    api.PATCH('/api/admin/users/{id}/toggle-active', { params: { path: { id: r.id } } }),
                  ).then(reload, toastError)
                }
              >
                {r.isActive ? 'Nonaktifkan' : 'Aktifkan'}
              </ConfirmButton>
              <ConfirmButton
                title="Atur ulang kata sandi?"
                message={`Kata sandi ${r.email} diganti dengan kata sandi sementara yang ditampilkan sekali.`}
                color="blue"
                onConfirm={() =>
                  unwrap(
                    api.POST('/api/admin/users/{id}/reset-password', {
                      params: { path: { id: r.id } },
                      body: {} as AnyBody,
                    }),
                  ).then((res) => setReset(res.data.temporaryPassword ?? 'Kata sandi diganti.'), toastError)
                }
              >
                Reset sandi
              </ConfirmButton>
            </>
          )
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

const ATT_KEYS = ['search', 'company_id', 'attendance_status', 'date_from', 'date_to', 'tab'] as const

export function AttendancePage() {
  const f = useUrlFilters(ATT_KEYS)
  const tab = f.get('tab') || 'queue'
  const companies = opts(useLoad(() => unwrap(api.GET('/api/admin/companies/options')), []).data?.data)
  const { tab: _t, ...query } = f.query
  const list = useLoad(
    () =>
      tab === 'history'
        ? unwrap(api.GET('/api/admin/attendances/history', { params: { query: query as never } }))
        : unwrap(api.GET('/api/admin/attendances/queue', { params: { query: query as never } })),
    [f.key],
  )
  const [selected, setSelected] = useState<number[]>([])
  const [notes, setNotes] = useState('')
  const rows = list.data?.data ?? []
  const validateOne = (id: number, status: 'hadir' | 'izin' | 'alpa', validation: 'verified' | 'rejected') =>
    unwrap(
      api.PATCH('/api/admin/attendances/{id}/validate', {
        params: { path: { id } },
        body: { status, validation_status: validation, notes: notes.trim() || null },
      }),
    ).then(() => {
      toastOk('Kehadiran divalidasi.')
      list.reload()
    }, toastError)
  const bulk = (status: 'hadir' | 'alpa') =>
    unwrap(
      api.PATCH('/api/admin/attendances/bulk-validate', {
        body: {
          attendance_ids: selected,
          status,
          validation_status: 'verified',
          notes: notes.trim() || null,
        },
      }),
    ).then((r) => {
      toastOk(`${r.data.succeeded} dari ${r.data.processed} kehadiran divalidasi.`)
      if (r.data.failed) toastError(new Error(r.data.failures.map((x) => `#${x.id}: ${x.reason}`).join('; ')))
      setSelected([])
      list.reload()
    }, toastError)
  return (
    <>
      <PageTitle title="Validasi kehadiran tes" />
      <Tabs value={tab} onChange={(v) => f.set({ tab: v === 'queue' ? null : v })} mb="md">
        <Tabs.List>
          <Tabs.Tab value="queue">Antrean</Tabs.Tab>
          <Tabs.Tab value="history">Riwayat</Tabs.Tab>
        </Tabs.List>
      </Tabs>
      <Group mb="md" align="flex-end" wrap="wrap">
        <Select
          label="Perusahaan"
          placeholder="Semua perusahaan"
          clearable
          searchable
          data={companies}
          value={f.get('company_id') || null}
          onChange={(v) => f.set({ company_id: v })}
        />
        <Select
          label="Kehadiran"
          placeholder="Semua kehadiran"
          clearable
          data={[...options('attendance'), { value: 'unmarked', label: NOT_MARKED }]}
          value={f.get('attendance_status') || null}
          onChange={(v) => f.set({ attendance_status: v })}
        />
        <DateField label="Dari" value={f.get('date_from')} onChange={(v) => f.set({ date_from: v })} />
        <DateField label="Sampai" value={f.get('date_to')} onChange={(v) => f.set({ date_to: v })} />
      </Group>
      {tab === 'queue' && (
        <Card withBorder mb="md" padding="sm">
          <Group align="flex-end" wrap="wrap">
            <Textarea
              label="Catatan validasi (opsional)"
              value={notes}
              onChange={(e) => setNotes(e.currentTarget.value)}
              autosize
              minRows={1}
              miw={240}
            />
            <ConfirmButton
              title="Validasi kehadiran terpilih?"
              message={`${selected.length} peserta divalidasi HADIR.`}
              color="green"
              variant="filled"
              size="sm"
              disabled={!selected.length}
              onConfirm={() => bulk('hadir')}
            >
              Validasi hadir ({selected.length})
            </ConfirmButton>
            <ConfirmButton
              title="Validasi sebagai alpa?"
              message={`${selected.length} peserta divalidasi ALPA (tidak hadir).`}
              size="sm"
              disabled={!selected.length}
              onConfirm={() => bulk('alpa')}
            >
              Validasi alpa
            </ConfirmButton>
          </Group>
        </Card>
      )}
      <Loading
        loaded={list}
        empty={(d) => d.data.length === 0}
        emptyText={tab === 'queue' ? 'Tidak ada kehadiran yang menunggu validasi.' : 'Belum ada riwayat.'}
      >
        {() => (
          <Table.ScrollContainer minWidth={720}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  {tab === 'queue' && (
                    <Table.Th w={40}>
                      <input
                        type="checkbox"
                        aria-label="Pilih semua"
                        checked={rows.length > 0 && rows.every((r) => selected.includes(r.id))}
                        onChange={(e) => setSelected(e.currentTarget.checked ? rows.map((r) => r.id) : [])}
                      />
                    </Table.Th>
                  )}
                  <Table.Th>Peserta</Table.Th>
                  <Table.Th>Tes</Table.Th>
                  <Table.Th>Dicatat HRD</Table.Th>
                  <Table.Th>{tab === 'queue' ? 'Validasi' : 'Divalidasi'}</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {rows.map((r) => (
                  <Table.Tr key={r.id}>
                    {tab === 'queue' && (
                      <Table.Td>
                        <input
                          type="checkbox"
                          aria-label={`Pilih ${r.applicant.fullName}`}
                          checked={selected.includes(r.id)}
                          onChange={(e) => {
                            const on = e.currentTarget.checked
                            setSelected((x) => (on ? [...x, r.id] : x.filter((y) => y !== r.id)))
                          }}
                        />
                      </Table.Td>
                    )}
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {r.applicant.fullName}
                      </Text>
                      <Text size="xs" c="dimmed">
                        NIS {r.applicant.nis} · {r.company.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {r.schedule.name} ({label('testKind', r.schedule.kind)})
                      </Text>
                      <Text size="xs" c="dimmed">
                        {formatDateTime(r.schedule.scheduledAt)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge of="attendance" value={r.attendanceStatus ?? null} />
                    </Table.Td>
                    <Table.Td>
                      {tab === 'queue' ? (
                        <Group gap={4} wrap="nowrap">
                          <Button
                            size="xs"
                            color="green"
                            variant="light"
                            onClick={() => validateOne(r.id, r.attendanceStatus ?? 'hadir', 'verified')}
                          >
                            Sahkan {label('attendance', r.attendanceStatus ?? 'hadir').toLowerCase()}
                          </Button>
                          <ConfirmButton
                            title="Tolak catatan kehadiran?"
                            message="Catatan HRD ditolak; peserta dianggap alpa."
                            onConfirm={() => validateOne(r.id, 'alpa', 'rejected')}
                          >
                            Tolak
                          </ConfirmButton>
                        </Group>
                      ) : (
                        <>
                          <StatusBadge of="validation" value={r.validationStatus} />
                          <Text size="xs" c="dimmed">
                            {r.validatedBy?.fullName} · {formatDateTime(r.validatedAt)}
                          </Text>
                        </>
                      )}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Loading>
      <Pager meta={list.data?.meta} onPage={(page) => f.set({ page })} />
    </>
  )
}

const MON_KEYS = ['search', 'company_id', 'major_id', 'status'] as const

export function MonitoringPage() {
  const f = useUrlFilters(MON_KEYS)
  const companies = opts(useLoad(() => unwrap(api.GET('/api/admin/companies/options')), []).data?.data)
  const majors = opts(useMajorOptions())
  const list = useLoad(
    () => unwrap(api.GET('/api/admin/recruitment-selections', { params: { query: f.query as never } })),
    [f.key],
  )
  return (
    <>
      <PageTitle title="Progres seleksi" />
      <Group mb="md" align="flex-end" wrap="wrap">
        <Select
          label="Perusahaan"
          placeholder="Semua perusahaan"
          clearable
          searchable
          data={companies}
          value={f.get('company_id') || null}
          onChange={(v) => f.set({ company_id: v })}
        />
        <Select
          label="Kompetensi"
          placeholder="Semua kompetensi"
          clearable
          searchable
          data={majors}
          value={f.get('major_id') || null}
          onChange={(v) => f.set({ major_id: v })}
        />
        <Select
          label="Status"
          placeholder="Semua status"
          clearable
          data={options('vacancyOpen')}
          value={f.get('status') || null}
          onChange={(v) => f.set({ status: v })}
        />
      </Group>
      <Loading loaded={list} empty={(d) => d.data.length === 0} emptyText="Tidak ada lowongan.">
        {(d) => (
          <Table.ScrollContainer minWidth={760}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Lowongan</Table.Th>
                  <Table.Th>Pelamar</Table.Th>
                  <Table.Th>Tes (jadwal/hadir/nilai)</Table.Th>
                  <Table.Th>Diumumkan</Table.Th>
                  <Table.Th>Diterima / kuota</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.data.map((v) => (
                  <Table.Tr key={v.id}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {v.title}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {v.company.name} · tutup {formatDate(v.deadline, true)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{v.applicants.total}</Text>
                      <Text size="xs" c="dimmed">
                        {v.applicants.pending} menunggu · {v.applicants.in_progress} proses
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {v.scheduled} / {v.attended} / {v.scored}
                    </Table.Td>
                    <Table.Td>{v.published}</Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {v.applicants.accepted} / {v.quota}
                      </Text>
                      <Progress
                        value={v.quota ? Math.min(100, (v.applicants.accepted / v.quota) * 100) : 0}
                        aria-label={`Terisi ${v.applicants.accepted} dari ${v.quota}`}
                        size="sm"
                      />
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Loading>
      <Pager meta={list.data?.meta} onPage={(page) => f.set({ page })} />
    </>
  )
}

export type { Meta }
