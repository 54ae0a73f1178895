import '../styles-all'
import {
  Alert,
  Anchor,
  Button,
  Card,
  Checkbox,
  FileInput,
  Grid,
  Group,
  Modal,
  MultiSelect,
  NumberInput,
  Progress,
  Select,
  SimpleGrid,
  Stack,
  Switch,
  Table,
  Text,
  Textarea,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core'
import { type FormEvent, useEffect, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { api, fieldErrors, unwrap, upload } from '../api/client'
import type { paths } from '../api/schema'
import { ConfirmButton } from '../components/confirm'
import { DateField, TimeField } from '../components/dates'
import { Stat } from '../components/stat'
import { AsyncButton, ErrorAlert, Loading, Pager, PageTitle, StatusBadge } from '../components/ui'
import { MAX_UPLOAD } from '../components/upload'
import {
  formatBytes,
  formatDate,
  formatDateTime,
  formatNumber,
  formatSalaryRange,
  jakartaInputToIso,
} from '../lib/format'
import { type CodeOf, eventLabel, label, NOT_MARKED, options, type Vocabulary } from '../lib/labels'
import { toastError, toastOk } from '../lib/toast'
import { useUrlFilters } from '../lib/url-state'
import { useLoad } from '../lib/use-load'
import { FileLink } from './learner'

type Json<P extends keyof paths, M extends keyof paths[P]> = paths[P][M] extends {
  requestBody?: { content: { 'application/json': infer B } }
}
  ? B
  : never

const opt = (xs: { value: string | number; label: string }[] | undefined) =>
  (xs ?? []).map((x) => ({ value: String(x.value), label: x.label }))
/** The codes an options endpoint offers, worded by the client's one vocabulary (lib/labels). */
const vocabularyOptions = (vocabulary: Vocabulary, xs: { value: string | number }[] | undefined) =>
  (xs ?? []).map((x) => ({ value: String(x.value), label: label(vocabulary, String(x.value)) }))

export function HrdHomePage() {
  const s = useLoad(() => unwrap(api.GET('/api/hrd/job-vacancies/statistics')), [])
  return (
    <>
      <PageTitle title="Beranda HRD">
        <Button component={Link} to="/hrd/lowongan/baru" size="xs">
          Buat lowongan
        </Button>
      </PageTitle>
      <Loading loaded={s}>
        {({ data: d }) => (
          <Stack>
            <SimpleGrid cols={{ base: 2, md: 4 }}>
              <Stat
                name="Lowongan aktif"
                value={formatNumber(d.vacancies.active)}
                hint={`${d.vacancies.total} total`}
              />
              <Stat
                name="Pelamar"
                value={formatNumber(d.applicants.total)}
                hint={`${d.applicants.pending} menunggu seleksi berkas`}
              />
              <Stat name="Dalam proses" value={formatNumber(d.applicants.in_progress)} />
              <Stat
                name="Kuota terisi"
                value={`${formatNumber(d.quota.filled)} / ${formatNumber(d.quota.total)}`}
                hint={`${d.applicants.accepted} diterima`}
              />
            </SimpleGrid>
            <Card withBorder>
              <Title order={2} size="h4" mb="sm">
                Per lowongan
              </Title>
              {d.perVacancy.length === 0 ? (
                <Text c="dimmed" size="sm">
                  Belum ada lowongan.
                </Text>
              ) : (
                <Stack gap="sm">
                  {d.perVacancy.map((v) => (
                    <div key={v.id}>
                      <Group justify="space-between" gap="xs">
                        <Anchor component={Link} to={`/hrd/pelamar?job_vacancy_id=${v.id}`} size="sm">
                          {v.title}
                        </Anchor>
                        <Text size="xs" c="dimmed">
                          {v.applicants} pelamar · terisi {v.filled}/{v.quota}
                        </Text>
                      </Group>
                      <Progress
                        value={v.quota ? Math.min(100, (v.filled / v.quota) * 100) : 0}
                        aria-label={`Kuota ${v.title} terisi ${v.filled} dari ${v.quota}`}
                      />
                    </div>
                  ))}
                </Stack>
              )}
            </Card>
          </Stack>
        )}
      </Loading>
    </>
  )
}

const HV_KEYS = ['search', 'status', 'job_type'] as const

export function HrdVacanciesPage() {
  const f = useUrlFilters(HV_KEYS)
  const [search, setSearch] = useState(f.get('search'))
  const list = useLoad(
    () => unwrap(api.GET('/api/hrd/job-vacancies', { params: { query: f.query as never } })),
    [f.key],
  )
  const toggle = (id: number) =>
    unwrap(api.PATCH('/api/hrd/job-vacancies/{id}/toggle-active', { params: { path: { id } } })).then((r) => {
      toastOk(r.data.isActive ? 'Lowongan diaktifkan.' : 'Lowongan dinonaktifkan.')
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
        <Button component={Link} to="/hrd/lowongan/baru" size="xs">
          Buat lowongan
        </Button>
      </PageTitle>
      <form
        aria-label="Saring daftar"
        onSubmit={(e) => {
          e.preventDefault()
          f.set({ search })
        }}
      >
        <Group mb="md" align="flex-end" wrap="wrap">
          <TextInput label="Cari" value={search} onChange={(e) => setSearch(e.currentTarget.value)} />
          <Select
            label="Status"
            placeholder="Semua status"
            clearable
            data={options('activeStatus')}
            value={f.get('status') || null}
            onChange={(v) => f.set({ status: v })}
          />
          <Select
            label="Jenis"
            placeholder="Semua jenis"
            clearable
            data={options('jobType')}
            value={f.get('job_type') || null}
            onChange={(v) => f.set({ job_type: v })}
          />
          <Button type="submit">Cari</Button>
        </Group>
      </form>
      <Loading loaded={list} empty={(d) => d.data.length === 0} emptyText="Belum ada lowongan.">
        {(d) => (
          <Table.ScrollContainer minWidth={720}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Lowongan</Table.Th>
                  <Table.Th>Batas</Table.Th>
                  <Table.Th>Pelamar</Table.Th>
                  <Table.Th>Aktif</Table.Th>
                  <Table.Th>Aksi</Table.Th>
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
                        {label('jobType', v.jobType)} · {formatSalaryRange(v.minSalary, v.maxSalary)} · kuota{' '}
                        {v.quota}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {formatDate(v.deadline, true)}
                      {!v.isOpen && (
                        <Text size="xs" c="dimmed">
                          tertutup
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/hrd/pelamar?job_vacancy_id=${v.id}`} size="sm">
                        {v.applicantCount} pelamar
                      </Anchor>
                    </Table.Td>
                    <Table.Td>
                      <Switch
                        checked={v.isActive}
                        onChange={() => toggle(v.id)}
                        aria-label={`Aktifkan ${v.title}`}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Group gap={4} wrap="nowrap">
                        <Button component={Link} to={`/hrd/lowongan/${v.id}/ubah`} size="xs" variant="light">
                          Ubah
                        </Button>
                        <ConfirmButton
                          title="Hapus lowongan?"
                          message={`"${v.title}" tidak lagi tampil untuk pelamar. Lamaran yang ada tetap tersimpan.`}
                          confirmLabel="Hapus"
                          onConfirm={() => remove(v.id)}
                        >
                          Hapus
                        </ConfirmButton>
                      </Group>
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

type VacancyBody = Json<'/api/hrd/job-vacancies', 'post'>

export function HrdVacancyFormPage() {
  const params = useParams()
  const id = params.id ? Number(params.id) : null
  const navigate = useNavigate()
  const choices = useLoad(() => unwrap(api.GET('/api/hrd/job-vacancies/options')), [])
  const [v, setV] = useState<Record<string, string>>({
    job_type: 'full_time',
    target: 'all',
    category: 'lainnya',
    quota: '1',
  })
  const [majorIds, setMajorIds] = useState<string[]>([])
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const [loadError, setLoadError] = useState<unknown>(null)
  useEffect(() => {
    if (!id) return
    unwrap(api.GET('/api/hrd/job-vacancies/{id}', { params: { path: { id } } })).then(({ data: d }) => {
      setV({
        title: d.title,
        position: d.position,
        description: d.description,
        qualifications: d.qualifications,
        benefits: d.benefits ?? '',
        category: d.category,
        job_type: d.jobType,
        work_location: d.workLocation ?? '',
        city: d.city ?? '',
        province: d.province ?? '',
        min_salary: d.minSalary == null ? '' : String(d.minSalary),
        max_salary: d.maxSalary == null ? '' : String(d.maxSalary),
        quota: String(d.quota),
        deadline: d.deadline,
        target: d.target,
      })
      setMajorIds(d.majors.map((m) => String(m.id)))
    }, setLoadError)
  }, [id])
  const set = (k: string) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value
    setV((s) => ({ ...s, [k]: value }))
  }
  const o = choices.data?.data

  async function submit(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    setErrors({})
    const s = (k: string) => v[k]?.trim() || null
    const n = (k: string) => (v[k]?.trim() ? Number(v[k]) : null)
    const body = {
      title: v.title?.trim() ?? '',
      position: v.position?.trim() ?? '',
      description: v.description?.trim() ?? '',
      qualifications: v.qualifications?.trim() ?? '',
      benefits: s('benefits'),
      category: v.category as VacancyBody['category'],
      job_type: v.job_type as VacancyBody['job_type'],
      work_location: s('work_location'),
      city: s('city'),
      province: s('province'),
      min_salary: n('min_salary'),
      max_salary: n('max_salary'),
      quota: Number(v.quota || 0),
      deadline: v.deadline ?? '',
      target: v.target as VacancyBody['target'],
      major_ids: majorIds.map(Number),
      is_active: true,
    } satisfies VacancyBody
    try {
      if (id) await unwrap(api.PUT('/api/hrd/job-vacancies/{id}', { params: { path: { id } }, body }))
      else await unwrap(api.POST('/api/hrd/job-vacancies', { body }))
      toastOk(id ? 'Lowongan diperbarui.' : 'Lowongan dibuat.')
      navigate('/hrd/lowongan')
    } catch (err) {
      setErrors(fieldErrors(err))
      toastError(err)
    } finally {
      setBusy(false)
    }
  }

  if (loadError) return <ErrorAlert error={loadError} />
  return (
    <>
      <PageTitle title={id ? 'Ubah lowongan' : 'Buat lowongan'} />
      <form onSubmit={submit} noValidate>
        <Stack maw={860}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <TextInput
              label="Judul"
              required
              value={v.title ?? ''}
              onChange={set('title')}
              error={errors.title}
            />
            <TextInput
              label="Posisi"
              required
              value={v.position ?? ''}
              onChange={set('position')}
              error={errors.position}
            />
            <Select
              label="Kategori"
              required
              data={vocabularyOptions('category', o?.categories)}
              value={v.category}
              onChange={(x) => setV((s) => ({ ...s, category: x ?? '' }))}
              error={errors.category}
            />
            <Select
              label="Jenis pekerjaan"
              required
              data={vocabularyOptions('jobType', o?.jobTypes)}
              value={v.job_type}
              onChange={(x) => setV((s) => ({ ...s, job_type: x ?? '' }))}
              error={errors.job_type}
            />
            <Select
              label="Sasaran pelamar"
              required
              data={vocabularyOptions('target', o?.targets)}
              value={v.target}
              onChange={(x) => setV((s) => ({ ...s, target: x ?? '' }))}
              error={errors.target}
            />
            <MultiSelect
              label="Kompetensi keahlian"
              required
              searchable
              data={opt(o?.majors)}
              value={majorIds}
              onChange={setMajorIds}
              error={errors.major_ids}
            />
            <TextInput
              label="Lokasi kerja"
              value={v.work_location ?? ''}
              onChange={set('work_location')}
              error={errors.work_location}
            />
            <TextInput label="Kota" value={v.city ?? ''} onChange={set('city')} error={errors.city} />
            <TextInput
              label="Provinsi"
              value={v.province ?? ''}
              onChange={set('province')}
              error={errors.province}
            />
            <DateField
              label="Batas lamaran"
              required
              value={v.deadline ?? ''}
              onChange={(x) => setV((s) => ({ ...s, deadline: x }))}
              error={errors.deadline}
            />
            <TextInput
              label="Gaji minimum (Rp)"
              inputMode="numeric"
              value={v.min_salary ?? ''}
              onChange={set('min_salary')}
              error={errors.min_salary}
            />
            <TextInput
              label="Gaji maksimum (Rp)"
              inputMode="numeric"
              value={v.max_salary ?? ''}
              onChange={set('max_salary')}
              error={errors.max_salary}
            />
            <TextInput
              label="Kuota"
              inputMode="numeric"
              required
              value={v.quota ?? ''}
              onChange={set('quota')}
              error={errors.quota}
            />
          </SimpleGrid>
          <Textarea
            label="Deskripsi"
            required
            autosize
            minRows={3}
            value={v.description ?? ''}
            onChange={set('description')}
            error={errors.description}
          />
          <Textarea
            label="Kualifikasi"
            required
            autosize
            minRows={3}
            value={v.qualifications ?? ''}
            onChange={set('qualifications')}
            error={errors.qualifications}
          />
          <Textarea
            label="Benefit"
            autosize
            minRows={2}
            value={v.benefits ?? ''}
            onChange={set('benefits')}
            error={errors.benefits}
          />
          <Group>
            <Button type="submit" loading={busy}>
              Simpan
            </Button>
            <Button component={Link} to="/hrd/lowongan" variant="default">
              Batal
            </Button>
          </Group>
        </Stack>
      </form>
    </>
  )
}

const REVIEW_KEYS = ['search', 'job_vacancy_id', 'status'] as const

export function ReviewsPage() {
  const f = useUrlFilters(REVIEW_KEYS)
  const [search, setSearch] = useState(f.get('search'))
  const [selected, setSelected] = useState<number[]>([])
  const [bulk, setBulk] = useState<'lolos' | 'tidak_lolos' | null>(null)
  const [notes, setNotes] = useState('')
  const [busy, setBusy] = useState(false)
  const choices = useLoad(() => unwrap(api.GET('/api/hrd/applicant-reviews/options')), [])
  const list = useLoad(
    () => unwrap(api.GET('/api/hrd/applicant-reviews', { params: { query: f.query as never } })),
    [f.key],
  )
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new page or filter clears the selection
  useEffect(() => setSelected([]), [f.key])
  const rows = list.data?.data ?? []
  const pendingIds = rows.filter((r) => r.status === 'pending').map((r) => r.id)
  const summary = (list.data?.meta as { summary?: Record<string, number> } | undefined)?.summary

  async function runBulk() {
    if (!bulk) return
    setBusy(true)
    try {
      const r = await unwrap(
        api.POST('/api/hrd/applicant-reviews/bulk-review', {
          body: { application_ids: selected, decision: bulk, notes: notes.trim() || null },
        }),
      )
      toastOk(`${r.data.succeeded} dari ${r.data.processed} lamaran diproses.`)
      if (r.data.failed) toastError(new Error(r.data.failures.map((x) => `#${x.id}: ${x.reason}`).join('; ')))
      setBulk(null)
      setNotes('')
      list.reload()
    } catch (err) {
      toastError(err)
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      <PageTitle title="Seleksi berkas pelamar" />
      <form
        aria-label="Saring daftar"
        onSubmit={(e) => {
          e.preventDefault()
          f.set({ search })
        }}
      >
        <Grid mb="md" align="flex-end">
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <TextInput
              label="Cari nama atau NIS"
              value={search}
              onChange={(e) => setSearch(e.currentTarget.value)}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 12, sm: 4 }}>
            <Select
              label="Lowongan"
              placeholder="Semua lowongan"
              clearable
              searchable
              data={opt(choices.data?.data.vacancies)}
              value={f.get('job_vacancy_id') || null}
              onChange={(v) => f.set({ job_vacancy_id: v })}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 8, sm: 3 }}>
            <Select
              label="Status"
              placeholder="Semua status"
              clearable
              data={vocabularyOptions('applicationStatus', choices.data?.data.statuses)}
              value={f.get('status') || null}
              onChange={(v) => f.set({ status: v })}
            />
          </Grid.Col>
          <Grid.Col span={{ base: 4, sm: 1 }}>
            <Button type="submit" fullWidth>
              Cari
            </Button>
          </Grid.Col>
        </Grid>
      </form>
      {summary && (
        <Text size="sm" c="dimmed" mb="xs">
          {summary.total} pelamar · {summary.pending} menunggu · {summary.in_progress} dalam proses ·{' '}
          {summary.accepted} diterima · {summary.rejected} tidak lolos
        </Text>
      )}
      <Group mb="sm" gap="xs">
        <Text size="sm">{selected.length} dipilih</Text>
        <Button size="xs" color="green" disabled={!selected.length} onClick={() => setBulk('lolos')}>
          Loloskan terpilih
        </Button>
        <Button
          size="xs"
          color="red"
          variant="light"
          disabled={!selected.length}
          onClick={() => setBulk('tidak_lolos')}
        >
          Tidak loloskan terpilih
        </Button>
      </Group>
      <Loading
        loaded={list}
        empty={(d) => d.data.length === 0}
        emptyText="Tidak ada pelamar dengan saringan ini."
      >
        {(d) => (
          <Table.ScrollContainer minWidth={640}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w={40}>
                    <Checkbox
                      aria-label="Pilih semua yang menunggu"
                      checked={pendingIds.length > 0 && pendingIds.every((i) => selected.includes(i))}
                      indeterminate={selected.length > 0 && !pendingIds.every((i) => selected.includes(i))}
                      onChange={(e) => setSelected(e.currentTarget.checked ? pendingIds : [])}
                    />
                  </Table.Th>
                  <Table.Th>Pelamar</Table.Th>
                  <Table.Th>Lowongan</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Melamar</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.data.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td>
                      <Checkbox
                        aria-label={`Pilih ${a.applicant.fullName}`}
                        disabled={a.status !== 'pending'}
                        checked={selected.includes(a.id)}
                        onChange={(e) => {
                          const on = e.currentTarget.checked
                          setSelected((s) => (on ? [...s, a.id] : s.filter((x) => x !== a.id)))
                        }}
                      />
                    </Table.Td>
                    <Table.Td>
                      <Anchor component={Link} to={`/hrd/pelamar/${a.id}`} size="sm" fw={600}>
                        {a.applicant.fullName}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        NIS {a.applicant.nis} · {a.applicant.major.name} · {label('role', a.applicant.role)}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{a.vacancy.title}</Text>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge of="applicationStatus" value={a.status} />
                    </Table.Td>
                    <Table.Td>{formatDate(a.createdAt, true)}</Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Loading>
      <Pager meta={list.data?.meta} onPage={(page) => f.set({ page })} />
      <Modal
        opened={bulk !== null}
        onClose={() => setBulk(null)}
        title={bulk === 'lolos' ? 'Loloskan pelamar terpilih?' : 'Tidak loloskan pelamar terpilih?'}
        centered
      >
        <Stack>
          <Text size="sm">
            {selected.length} lamaran akan ditandai <b>{label('reviewDecision', bulk)}</b> dan pelamar diberi
            tahu. Keputusan ini tidak bisa dibatalkan.
          </Text>
          <Textarea
            label="Catatan (opsional)"
            value={notes}
            onChange={(e) => setNotes(e.currentTarget.value)}
          />
          <Group justify="flex-end">
            <Button variant="default" onClick={() => setBulk(null)}>
              Batal
            </Button>
            <Button color={bulk === 'lolos' ? 'green' : 'red'} loading={busy} onClick={runBulk}>
              Ya, proses {selected.length} lamaran
            </Button>
          </Group>
        </Stack>
      </Modal>
    </>
  )
}

export function ReviewDetailPage() {
  const id = Number(useParams().id)
  const a = useLoad(
    () => unwrap(api.GET('/api/hrd/applicant-reviews/{id}', { params: { path: { id } } })),
    [id],
  )
  const [notes, setNotes] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const review = (decision: 'lolos' | 'tidak_lolos') =>
    unwrap(
      api.PATCH('/api/hrd/applicant-reviews/{id}/review', {
        params: { path: { id } },
        body: { decision, notes: notes.trim() || null },
      }),
    ).then(
      () => {
        toastOk(decision === 'lolos' ? 'Pelamar lolos seleksi berkas.' : 'Pelamar tidak lolos.')
        a.reload()
      },
      (err) => {
        setErrors(fieldErrors(err))
        toastError(err)
      },
    )
  return (
    <Loading loaded={a}>
      {({ data: d }) => (
        <Stack>
          <div>
            <Anchor component={Link} to="/hrd/pelamar" size="sm">
              ← Daftar pelamar
            </Anchor>
            <Title order={1} size="h2" mt={4}>
              {d.applicant.fullName}
            </Title>
            <Group gap="xs">
              <Text size="sm">
                {d.vacancy.title} · NIS {d.applicant.nis} · {d.applicant.major.name}
              </Text>
              <StatusBadge of="applicationStatus" value={d.status} />
            </Group>
          </div>
          <SimpleGrid cols={{ base: 1, md: 2 }}>
            <Card withBorder>
              <Title order={2} size="h4" mb="xs">
                Profil
              </Title>
              <Text size="sm">Telepon: {d.profile.phone ?? '–'}</Text>
              <Text size="sm">E-mail: {d.profile.email ?? '–'}</Text>
              <Text size="sm">
                Lahir: {d.profile.birthPlace ?? '–'}, {formatDate(d.profile.birthDate)}
              </Text>
              <Text size="sm">
                Alamat:{' '}
                {[d.profile.address, d.profile.city, d.profile.province].filter(Boolean).join(', ') || '–'}
              </Text>
              {d.profile.skills.length > 0 && <Text size="sm">Keahlian: {d.profile.skills.join(', ')}</Text>}
              {d.profile.education.length > 0 && (
                <>
                  <Text size="sm" fw={600} mt="xs">
                    Riwayat pendidikan
                  </Text>
                  {d.profile.education.map((e) => (
                    <Text size="sm" key={`${e.level}-${e.institution}`}>
                      {e.level} {e.institution} {e.major && `(${e.major})`} {e.startYear ?? ''}–
                      {e.endYear ?? ''}
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
              <Textarea
                label="Catatan"
                value={notes}
                onChange={(e) => setNotes(e.currentTarget.value)}
                error={errors.notes}
              />
              <Group mt="sm">
                <Button color="green" onClick={() => review('lolos')}>
                  Lolos
                </Button>
                <ConfirmButton
                  title="Tidak loloskan pelamar?"
                  message="Lamaran ditolak dan pelamar diberi tahu. Keputusan ini final."
                  confirmLabel="Tidak lolos"
                  onConfirm={() => review('tidak_lolos')}
                  size="sm"
                >
                  Tidak lolos
                </ConfirmButton>
              </Group>
            </Card>
          ) : (
            d.reviewDecision && (
              <Alert color={d.reviewDecision === 'lolos' ? 'green' : 'red'}>
                Seleksi berkas: {label('reviewDecision', d.reviewDecision)} ({formatDateTime(d.reviewedAt)}){' '}
                {d.reviewNotes && `· ${d.reviewNotes}`}
              </Alert>
            )
          )}
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              Riwayat
            </Title>
            <Timeline active={d.timeline.length - 1} bulletSize={12}>
              {d.timeline.map((e, i) => (
                <Timeline.Item key={`${e.at}-${i}`} title={eventLabel(e).stage}>
                  <Text size="sm">
                    {eventLabel(e).status} {e.notes && `· ${e.notes}`}
                  </Text>
                  <Text size="xs" c="dimmed">
                    {formatDateTime(e.at)} {e.actor && `· ${e.actor}`}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          </Card>
        </Stack>
      )}
    </Loading>
  )
}

type TestKind = CodeOf<'testKind'>
const SCHEDULE_KEYS = ['search', 'job_vacancy_id', 'kind', 'status', 'date_from', 'date_to'] as const

export function SchedulesPage() {
  const f = useUrlFilters(SCHEDULE_KEYS)
  const choices = useLoad(() => unwrap(api.GET('/api/hrd/applicant-reviews/options')), [])
  const list = useLoad(
    () => unwrap(api.GET('/api/hrd/test-schedules', { params: { query: f.query as never } })),
    [f.key],
  )
  return (
    <>
      <PageTitle title="Jadwal tes">
        <Button component={Link} to="/hrd/jadwal/baru" size="xs">
          Buat jadwal
        </Button>
      </PageTitle>
      <Group mb="md" align="flex-end" wrap="wrap">
        <Select
          label="Lowongan"
          placeholder="Semua lowongan"
          clearable
          data={opt(choices.data?.data.vacancies)}
          value={f.get('job_vacancy_id') || null}
          onChange={(v) => f.set({ job_vacancy_id: v })}
        />
        <Select
          label="Jenis tes"
          placeholder="Semua jenis"
          clearable
          data={options('testKind')}
          value={f.get('kind') || null}
          onChange={(v) => f.set({ kind: v })}
        />
        <Select
          label="Status"
          placeholder="Semua status"
          clearable
          data={options('scheduleStatus')}
          value={f.get('status') || null}
          onChange={(v) => f.set({ status: v })}
        />
        <DateField
          label="Dari tanggal"
          value={f.get('date_from')}
          onChange={(x) => f.set({ date_from: x })}
        />
        <DateField label="Sampai tanggal" value={f.get('date_to')} onChange={(x) => f.set({ date_to: x })} />
      </Group>
      <Loading loaded={list} empty={(d) => d.data.length === 0} emptyText="Belum ada jadwal tes.">
        {(d) => (
          <Table.ScrollContainer minWidth={680}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Agenda</Table.Th>
                  <Table.Th>Waktu & tempat</Table.Th>
                  <Table.Th>Peserta</Table.Th>
                  <Table.Th>Status</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.data.map((s) => (
                  <Table.Tr key={s.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/hrd/jadwal/${s.id}`} size="sm" fw={600}>
                        {s.name}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {label('testKind', s.kind)} · {s.vacancy.title}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{formatDateTime(s.scheduledAt)}</Text>
                      <Text size="xs" c="dimmed">
                        {s.location}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">{s.participantCount}</Text>
                      <Text size="xs" c="dimmed">
                        hadir {s.attendance.hadir} · izin {s.attendance.izin} · alpa {s.attendance.alpa}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge of="scheduleStatus" value={s.status} />
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

export function ScheduleFormPage() {
  const navigate = useNavigate()
  const choices = useLoad(() => unwrap(api.GET('/api/hrd/applicant-reviews/options')), [])
  const [vacancy, setVacancy] = useState<string | null>(null)
  const [v, setV] = useState<Record<string, string>>({ kind: 'psikotes' })
  const [ids, setIds] = useState<string[]>([])
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  const candidates = useLoad(
    () =>
      vacancy
        ? unwrap(
            api.GET('/api/hrd/applicant-reviews', {
              params: { query: { job_vacancy_id: Number(vacancy), status: 'in_progress', per_page: 100 } },
            }),
          )
        : Promise.resolve(null),
    [vacancy],
  )
  const set = (k: string) => (e: { currentTarget: { value: string } }) => {
    const value = e.currentTarget.value
    setV((s) => ({ ...s, [k]: value }))
  }

  async function submit(e: FormEvent) {
    e.preventDefault()
    setErrors({})
    if (!vacancy) return setErrors({ job_vacancy_id: 'Pilih lowongan.' })
    if (!v.scheduled_date) return setErrors({ scheduled_at: 'Isi tanggal tes.' })
    if (!v.scheduled_time) return setErrors({ scheduled_time: 'Isi jam mulai tes.' })
    setBusy(true)
    try {
      const r = await unwrap(
        api.POST('/api/hrd/test-schedules', {
          body: {
            job_vacancy_id: Number(vacancy),
            name: v.name?.trim() ?? '',
            kind: v.kind as TestKind,
            scheduled_at: jakartaInputToIso(`${v.scheduled_date}T${v.scheduled_time}`),
            location: v.location?.trim() ?? '',
            description: v.description?.trim() || null,
            minimum_score: v.minimum_score ? Number(v.minimum_score) : null,
            duration_minutes: v.duration_minutes ? Number(v.duration_minutes) : null,
            application_ids: ids.map(Number),
          },
        }),
      )
      toastOk('Jadwal tes dibuat; peserta diberi tahu.')
      navigate(`/hrd/jadwal/${r.data.id}`)
    } catch (err) {
      setErrors(fieldErrors(err))
      toastError(err)
    } finally {
      setBusy(false)
    }
  }

  const rows = candidates.data?.data ?? []
  return (
    <>
      <PageTitle title="Buat jadwal tes" />
      <form onSubmit={submit} noValidate>
        <Stack maw={860}>
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Select
              label="Lowongan"
              required
              searchable
              data={opt(choices.data?.data.vacancies)}
              value={vacancy}
              onChange={(x) => {
                setVacancy(x)
                setIds([])
              }}
              error={errors.job_vacancy_id}
            />
            <TextInput
              label="Nama agenda"
              required
              value={v.name ?? ''}
              onChange={set('name')}
              error={errors.name}
            />
            <Select
              label="Jenis tes"
              required
              data={options('testKind')}
              value={v.kind}
              onChange={(x) => setV((s) => ({ ...s, kind: x ?? 'psikotes' }))}
              error={errors.kind}
            />
            <DateField
              label="Tanggal tes"
              required
              value={v.scheduled_date ?? ''}
              onChange={(x) => setV((s) => ({ ...s, scheduled_date: x }))}
              error={errors.scheduled_at}
            />
            <TimeField
              label="Jam mulai (WIB)"
              required
              value={v.scheduled_time ?? ''}
              onChange={(x) => setV((s) => ({ ...s, scheduled_time: x }))}
              error={errors.scheduled_time}
            />
            <TextInput
              label="Tempat"
              required
              value={v.location ?? ''}
              onChange={set('location')}
              error={errors.location}
            />
            <TextInput
              label="Durasi (menit)"
              inputMode="numeric"
              value={v.duration_minutes ?? ''}
              onChange={set('duration_minutes')}
              error={errors.duration_minutes}
            />
            <TextInput
              label="Nilai minimum"
              inputMode="decimal"
              value={v.minimum_score ?? ''}
              onChange={set('minimum_score')}
              error={errors.minimum_score}
            />
          </SimpleGrid>
          <Textarea
            label="Keterangan"
            value={v.description ?? ''}
            onChange={set('description')}
            error={errors.description}
          />
          <Card withBorder>
            {rows.length > 0 && (
              // Outside the group: inside it, Mantine would treat it as one more participant value.
              <Checkbox
                label="Pilih semua peserta"
                mb="xs"
                checked={ids.length === rows.length}
                indeterminate={ids.length > 0 && ids.length < rows.length}
                onChange={(e) => setIds(e.currentTarget.checked ? rows.map((r) => String(r.id)) : [])}
              />
            )}
            <Checkbox.Group
              label="Peserta (pelamar yang lolos seleksi berkas)"
              value={ids}
              onChange={setIds}
              error={
                errors.application_ids ??
                Object.entries(errors).find(([k]) => k.startsWith('application_ids.'))?.[1]
              }
            >
              <Stack gap={6} mt={6}>
                {!vacancy && (
                  <Text size="sm" c="dimmed">
                    Pilih lowongan dulu.
                  </Text>
                )}
                {vacancy && rows.length === 0 && !candidates.loading && (
                  <Text size="sm" c="dimmed">
                    Belum ada pelamar yang lolos seleksi berkas untuk lowongan ini.
                  </Text>
                )}
                {rows.map((r) => (
                  <Checkbox
                    key={r.id}
                    value={String(r.id)}
                    label={`${r.applicant.fullName} (NIS ${r.applicant.nis})`}
                  />
                ))}
              </Stack>
            </Checkbox.Group>
          </Card>
          <Group>
            <Button type="submit" loading={busy}>
              Simpan jadwal
            </Button>
            <Button component={Link} to="/hrd/jadwal" variant="default">
              Batal
            </Button>
          </Group>
        </Stack>
      </form>
    </>
  )
}

export function ScheduleDetailPage() {
  const id = Number(useParams().id)
  const s = useLoad(() => unwrap(api.GET('/api/hrd/test-schedules/{id}', { params: { path: { id } } })), [id])
  const f = useUrlFilters(['attendance_status', 'validation_status', 'search'] as const)
  const participants = useLoad(
    () =>
      unwrap(
        api.GET('/api/hrd/test-schedules/{id}/participants', {
          params: { path: { id }, query: f.query as never },
        }),
      ),
    [id, f.key],
  )
  const [reason, setReason] = useState('')
  const [queued, setQueued] = useState<string | null>(null)
  const reminded = (r: { data: { queued: number } }) => {
    const text = `${r.data.queued} pengingat diantrikan.`
    setQueued(text)
    toastOk(text)
    participants.reload()
  }
  const remindAll = () =>
    unwrap(api.POST('/api/hrd/test-schedules/{id}/remind-all', { params: { path: { id } } })).then(
      reminded,
      toastError,
    )
  const remindOne = (participantId: number) =>
    unwrap(
      api.POST('/api/hrd/test-schedules/{id}/participants/{participantId}/remind', {
        params: { path: { id, participantId } },
      }),
    ).then(reminded, toastError)
  const mark = (participantId: number, status: 'hadir' | 'izin' | 'alpa') =>
    unwrap(
      api.PATCH('/api/hrd/test-schedules/{id}/participants/{participantId}/attendance', {
        params: { path: { id, participantId } },
        body: { status },
      }),
    ).then(() => {
      toastOk(`Kehadiran dicatat: ${label('attendance', status)}.`)
      participants.reload()
      s.reload()
    }, toastError)
  return (
    <Loading loaded={s}>
      {({ data: d }) => (
        <Stack>
          <div>
            <Anchor component={Link} to="/hrd/jadwal" size="sm">
              ← Jadwal tes
            </Anchor>
            <Title order={1} size="h2" mt={4}>
              {d.name}
            </Title>
            <Group gap="xs">
              <Text size="sm">
                {label('testKind', d.kind)} · {d.vacancy.title} · {formatDateTime(d.scheduledAt)} ·{' '}
                {d.location}
              </Text>
              <StatusBadge of="scheduleStatus" value={d.status} />
            </Group>
            {d.cancelReason && (
              <Text size="sm" c="dimmed">
                Dibatalkan: {d.cancelReason}
              </Text>
            )}
          </div>
          {d.status === 'scheduled' && Date.parse(d.scheduledAt) > Date.now() && (
            <Group gap="sm">
              <AsyncButton onClick={remindAll}>Kirim pengingat ke semua peserta</AsyncButton>
              <Text size="sm" role="status" aria-live="polite">
                {queued}
              </Text>
            </Group>
          )}
          <SimpleGrid cols={{ base: 2, sm: 4 }}>
            <Stat name="Peserta" value={String(d.participantCount)} />
            <Stat name="Hadir" value={String(d.attendance.hadir)} />
            <Stat name="Belum dicatat" value={String(d.attendance.unmarked)} />
            <Stat name="Tervalidasi" value={String(d.validation.verified)} />
          </SimpleGrid>
          <Card withBorder>
            <Title order={2} size="h4" mb="xs">
              Peserta
            </Title>
            <Loading loaded={participants} empty={(p) => p.data.length === 0} emptyText="Tidak ada peserta.">
              {(p) => (
                <Table.ScrollContainer minWidth={640}>
                  <Table striped>
                    <Table.Thead>
                      <Table.Tr>
                        <Table.Th>Peserta</Table.Th>
                        <Table.Th>Kehadiran</Table.Th>
                        <Table.Th>Validasi BKK</Table.Th>
                        <Table.Th>Nilai</Table.Th>
                        <Table.Th>Catat</Table.Th>
                        <Table.Th>Pengingat</Table.Th>
                      </Table.Tr>
                    </Table.Thead>
                    <Table.Tbody>
                      {p.data.map((x) => (
                        <Table.Tr key={x.participantId}>
                          <Table.Td>
                            <Text size="sm" fw={600}>
                              {x.applicant.fullName}
                            </Text>
                            <Text size="xs" c="dimmed">
                              NIS {x.applicant.nis} · {x.applicant.major.name}
                            </Text>
                          </Table.Td>
                          <Table.Td>
                            <StatusBadge of="attendance" value={x.attendanceStatus ?? null} />
                          </Table.Td>
                          <Table.Td>
                            <StatusBadge of="validation" value={x.validationStatus} />
                          </Table.Td>
                          <Table.Td>{x.score == null ? '–' : formatNumber(x.score)}</Table.Td>
                          <Table.Td>
                            <Select
                              aria-label={`Kehadiran ${x.applicant.fullName}`}
                              size="xs"
                              w={120}
                              disabled={x.validationStatus !== 'pending' || d.status === 'cancelled'}
                              data={options('attendance')}
                              value={x.attendanceStatus ?? null}
                              onChange={(v) => v && mark(x.participantId, v as 'hadir')}
                            />
                          </Table.Td>
                          <Table.Td>
                            {d.status === 'scheduled' && Date.parse(d.scheduledAt) > Date.now() && (
                              <AsyncButton
                                size="xs"
                                variant="light"
                                aria-label={`Ingatkan ${x.applicant.fullName}`}
                                onClick={() => remindOne(x.participantId)}
                              >
                                Ingatkan
                              </AsyncButton>
                            )}
                            <Text size="xs" c="dimmed">
                              {x.lastRemindedAt
                                ? `terakhir ${formatDateTime(x.lastRemindedAt)}`
                                : 'belum diingatkan'}
                            </Text>
                          </Table.Td>
                        </Table.Tr>
                      ))}
                    </Table.Tbody>
                  </Table>
                </Table.ScrollContainer>
              )}
            </Loading>
            <Pager meta={participants.data?.meta} onPage={(page) => f.set({ page })} />
          </Card>
          {d.status === 'scheduled' && (
            <Card withBorder>
              <Title order={2} size="h4" mb="xs">
                Batalkan jadwal
              </Title>
              <Group align="flex-end">
                <TextInput label="Alasan" value={reason} onChange={(e) => setReason(e.currentTarget.value)} />
                <ConfirmButton
                  title="Batalkan jadwal tes?"
                  message="Semua peserta diberi tahu bahwa tes dibatalkan."
                  confirmLabel="Batalkan jadwal"
                  disabled={!reason.trim()}
                  size="sm"
                  onConfirm={() =>
                    unwrap(
                      api.POST('/api/hrd/test-schedules/{id}/cancel', {
                        params: { path: { id } },
                        body: { reason },
                      }),
                    ).then(() => {
                      toastOk('Jadwal dibatalkan.')
                      s.reload()
                    }, toastError)
                  }
                >
                  Batalkan jadwal
                </ConfirmButton>
              </Group>
            </Card>
          )}
        </Stack>
      )}
    </Loading>
  )
}

type ResultRow =
  paths['/api/hrd/selection-results']['get']['responses']['200']['content']['application/json']['data'][number]

function ScoreModal({ row, onClose, onSaved }: { row: ResultRow; onClose: () => void; onSaved: () => void }) {
  const [v, setV] = useState<Record<string, string | number>>({
    psychotest_score: row.psychotestScore ?? '',
    interview_score: row.interviewScore ?? '',
    mcu_score: row.mcuScore ?? '',
    final_score: row.finalScore ?? '',
    notes: row.notes ?? '',
    decision: row.decision,
  })
  const [file, setFile] = useState<File | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const num = (k: string) => (
    <NumberInput
      label={
        {
          psychotest_score: 'Psikotes',
          interview_score: 'Wawancara',
          mcu_score: 'MCU',
          final_score: 'Nilai akhir',
        }[k]
      }
      min={0}
      max={100}
      decimalScale={2}
      decimalSeparator=","
      value={v[k]}
      onChange={(x) => setV((s) => ({ ...s, [k]: x }))}
      error={errors[k]}
    />
  )
  async function save(e: FormEvent) {
    e.preventDefault()
    setErrors({})
    if (file && file.size > MAX_UPLOAD)
      return setErrors({ decision_letter: `Berkas ${formatBytes(file.size)}; maksimal 10 MB.` })
    const form = new FormData()
    for (const k of [
      'psychotest_score',
      'interview_score',
      'mcu_score',
      'final_score',
      'notes',
      'decision',
    ]) {
      if (v[k] !== '' && v[k] !== undefined) form.append(k, String(v[k]))
    }
    if (file) form.append('decision_letter', file)
    setProgress(0)
    try {
      await upload(`/api/hrd/selection-results/${row.applicationId}`, form, (p) =>
        setProgress(p.total ? Math.round((p.loaded / p.total) * 100) : 0),
      )
      toastOk('Nilai disimpan (draf).')
      onSaved()
    } catch (err) {
      setErrors(fieldErrors(err))
      toastError(err)
    } finally {
      setProgress(null)
    }
  }
  return (
    <Modal opened onClose={onClose} title={`Nilai ${row.applicant.fullName}`} size="lg">
      <form onSubmit={save} noValidate>
        <Stack>
          <SimpleGrid cols={2}>
            {num('psychotest_score')}
            {num('interview_score')}
            {num('mcu_score')}
            {num('final_score')}
          </SimpleGrid>
          <Select
            label="Keputusan"
            data={options('selectionDecision')}
            value={String(v.decision)}
            onChange={(x) => setV((s) => ({ ...s, decision: x ?? 'pending' }))}
            error={errors.decision}
          />
          <Textarea
            label="Catatan"
            value={String(v.notes)}
            onChange={(e) => setV((s) => ({ ...s, notes: e.currentTarget.value }))}
            error={errors.notes}
          />
          <FileInput
            label="Surat keputusan (PDF atau gambar, maks. 10 MB)"
            accept="application/pdf,image/jpeg,image/png,image/webp"
            value={file}
            onChange={setFile}
            clearable
            error={errors.decision_letter}
          />
          {progress !== null && (
            <Progress value={progress} size="lg" striped animated aria-label={`Mengunggah ${progress}%`} />
          )}
          <Group justify="flex-end">
            <Button variant="default" onClick={onClose}>
              Batal
            </Button>
            <Button type="submit" loading={progress !== null}>
              Simpan
            </Button>
          </Group>
        </Stack>
      </form>
    </Modal>
  )
}

const RESULT_KEYS = ['search', 'job_vacancy_id', 'decision', 'published'] as const

export function SelectionResultsPage() {
  const f = useUrlFilters(RESULT_KEYS)
  const choices = useLoad(() => unwrap(api.GET('/api/hrd/applicant-reviews/options')), [])
  const list = useLoad(
    () => unwrap(api.GET('/api/hrd/selection-results', { params: { query: f.query as never } })),
    [f.key],
  )
  const [editing, setEditing] = useState<ResultRow | null>(null)
  const quota = (
    list.data?.meta as
      | {
          quota?: {
            quota: number
            accepted: number
            draftAccepted: number
            placesLeft: number
            overQuota: boolean
          }
        }
      | undefined
  )?.quota
  const vacancyId = f.get('job_vacancy_id')
  return (
    <>
      <PageTitle title="Hasil seleksi" />
      <Group mb="md" align="flex-end" wrap="wrap">
        <Select
          label="Lowongan"
          placeholder="Semua lowongan"
          clearable
          searchable
          data={opt(choices.data?.data.vacancies)}
          value={vacancyId || null}
          onChange={(v) => f.set({ job_vacancy_id: v })}
        />
        <Select
          label="Keputusan"
          placeholder="Semua keputusan"
          clearable
          data={options('selectionDecision')}
          value={f.get('decision') || null}
          onChange={(v) => f.set({ decision: v })}
        />
        <Select
          label="Diumumkan"
          placeholder="Semua"
          clearable
          data={options('published')}
          value={f.get('published') || null}
          onChange={(v) => f.set({ published: v })}
        />
      </Group>
      {quota && vacancyId ? (
        <Card withBorder mb="md" bg={quota.overQuota ? 'red.0' : 'blue.0'}>
          <Group justify="space-between" wrap="wrap">
            <Text size="sm">
              Kuota {quota.quota} · sudah diterima {quota.accepted} · draf diterima {quota.draftAccepted} ·
              sisa setelah diumumkan {quota.placesLeft}
              {quota.overQuota && ' · melebihi kuota!'}
            </Text>
            <ConfirmButton
              title="Umumkan hasil seleksi?"
              message={`Hasil draf lowongan ini diumumkan ke pelamar: ${quota.draftAccepted} diterima (kuota ${quota.quota}, sudah diterima ${quota.accepted}, sisa setelah diumumkan ${quota.placesLeft}). Hasil yang sudah diumumkan tidak dapat ditarik.`}
              confirmLabel="Umumkan"
              color="blue"
              size="sm"
              variant="filled"
              disabled={quota.overQuota}
              onConfirm={() =>
                unwrap(
                  api.POST('/api/hrd/selection-results/publish', {
                    body: { job_vacancy_id: Number(vacancyId) },
                  }),
                ).then((r) => {
                  toastOk(
                    `${r.data.published} hasil diumumkan: ${r.data.accepted} diterima, ${r.data.rejected} tidak diterima, ${r.data.waitlisted} cadangan.`,
                  )
                  list.reload()
                }, toastError)
              }
            >
              Umumkan hasil
            </ConfirmButton>
          </Group>
        </Card>
      ) : (
        <Text size="sm" c="dimmed" mb="sm">
          Pilih lowongan untuk melihat kuota dan mengumumkan hasil.
        </Text>
      )}
      <Loading loaded={list} empty={(d) => d.data.length === 0} emptyText="Belum ada peserta tes.">
        {(d) => (
          <Table.ScrollContainer minWidth={760}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Peserta</Table.Th>
                  <Table.Th>Tes</Table.Th>
                  <Table.Th>Nilai (psi/waw/mcu/akhir)</Table.Th>
                  <Table.Th>Keputusan</Table.Th>
                  <Table.Th>Aksi</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.data.map((r) => (
                  <Table.Tr key={r.applicationId}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {r.applicant.fullName}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {r.vacancy.title}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {r.attendance.map((a) => (
                        <Text size="xs" key={a.scheduleId}>
                          {label('testKind', a.kind)}:{' '}
                          {a.attendanceStatus
                            ? label('attendance', a.attendanceStatus)
                            : NOT_MARKED.toLowerCase()}{' '}
                          ({label('validation', a.validationStatus)})
                        </Text>
                      ))}
                    </Table.Td>
                    <Table.Td>
                      <Text size="sm">
                        {[r.psychotestScore, r.interviewScore, r.mcuScore, r.finalScore]
                          .map((x) => (x == null ? '–' : new Intl.NumberFormat('id-ID').format(x)))
                          .join(' / ')}
                      </Text>
                      {r.letter && <FileLink file={r.letter} />}
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge of="selectionDecision" value={r.decision} />
                      <Text size="xs" c="dimmed">
                        {r.isPublished ? `diumumkan ${formatDate(r.publishedAt, true)}` : 'draf'}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <Button
                        size="xs"
                        variant="light"
                        disabled={r.isPublished && r.status === 'accepted'}
                        onClick={() => setEditing(r)}
                      >
                        Isi nilai
                      </Button>
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
          </Table.ScrollContainer>
        )}
      </Loading>
      <Pager meta={list.data?.meta} onPage={(page) => f.set({ page })} />
      {editing && (
        <ScoreModal
          row={editing}
          onClose={() => setEditing(null)}
          onSaved={() => {
            setEditing(null)
            list.reload()
          }}
        />
      )}
    </>
  )
}

const PLACEMENT_KEYS = ['search', 'job_vacancy_id', 'status'] as const

export function PlacementsPage() {
  const f = useUrlFilters(PLACEMENT_KEYS)
  const choices = useLoad(() => unwrap(api.GET('/api/hrd/applicant-reviews/options')), [])
  const list = useLoad(
    () => unwrap(api.GET('/api/hrd/job-placements', { params: { query: f.query as never } })),
    [f.key],
  )
  return (
    <>
      <PageTitle title="Penempatan" />
      <Group mb="md" align="flex-end" wrap="wrap">
        <Select
          label="Lowongan"
          placeholder="Semua lowongan"
          clearable
          data={opt(choices.data?.data.vacancies)}
          value={f.get('job_vacancy_id') || null}
          onChange={(v) => f.set({ job_vacancy_id: v })}
        />
        <Select
          label="Status"
          placeholder="Semua status"
          clearable
          data={options('placementStatus')}
          value={f.get('status') || null}
          onChange={(v) => f.set({ status: v })}
        />
      </Group>
      <Loading loaded={list} empty={(d) => d.data.length === 0} emptyText="Belum ada penempatan.">
        {(d) => (
          <Table.ScrollContainer minWidth={640}>
            <Table striped>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Nama</Table.Th>
                  <Table.Th>Posisi</Table.Th>
                  <Table.Th>Diterima</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Pemantauan berikutnya</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.data.map((p) => (
                  <Table.Tr key={p.id}>
                    <Table.Td>
                      <Text size="sm" fw={600}>
                        {p.applicant.fullName}
                      </Text>
                      <Text size="xs" c="dimmed">
                        {label('role', p.applicant.role)} · {p.applicant.major.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      {p.position}
                      <Text size="xs" c="dimmed">
                        {p.vacancy.title}
                      </Text>
                    </Table.Td>
                    <Table.Td>{formatDate(p.acceptedAt, true)}</Table.Td>
                    <Table.Td>
                      <StatusBadge of="placementStatus" value={p.status} />
                    </Table.Td>
                    <Table.Td>
                      {p.nextCheckinDue
                        ? `${p.nextCheckinDue.monthMark} bulan · ${formatDate(p.nextCheckinDue.dueDate, true)}`
                        : '–'}
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
