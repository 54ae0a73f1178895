import '../styles-all'
import {
  Alert,
  Anchor,
  Badge,
  Button,
  Card,
  Checkbox,
  Group,
  List,
  Modal,
  Select,
  SimpleGrid,
  Stack,
  Table,
  Text,
  Textarea,
  TextInput,
  Timeline,
  Title,
} from '@mantine/core'
import { type FormEvent, useEffect, useState } from 'react'
import { Link, useNavigate, useParams } from 'react-router'
import { api, download, fieldErrors, unwrap } from '../api/client'
import type { paths } from '../api/schema'
import { useMe } from '../auth'
import { ConfirmButton } from '../components/confirm'
import { DateField } from '../components/dates'
import { ErrorAlert, Loading, Pager, PageTitle, StatusBadge } from '../components/ui'
import { PortfolioUpload } from '../components/upload'
import { formatBytes, formatDate, formatDateTime, formatSalaryRange } from '../lib/format'
import { eventLabel, label, NOT_MARKED, options } from '../lib/labels'
import { toastError, toastOk } from '../lib/toast'
import { useUrlFilters } from '../lib/url-state'
import { useLoad } from '../lib/use-load'

type FileOut =
  paths['/api/siswa/portfolio/profile']['get']['responses']['200']['content']['application/json']['data']['files'][number]

export function FileLink({
  file,
}: {
  file: Pick<FileOut, 'title' | 'originalName' | 'downloadUrl' | 'size'>
}) {
  return (
    <Anchor
      component="button"
      type="button"
      size="sm"
      onClick={() => download(file.downloadUrl).catch(toastError)}
      aria-label={`Unduh ${file.title}`}
    >
      {file.title}{' '}
      <Text span size="xs" c="dimmed">
        ({file.originalName}, {formatBytes(file.size)})
      </Text>
    </Anchor>
  )
}

function usePortfolio() {
  const me = useMe()
  return useLoad(
    () =>
      me.role === 'alumni'
        ? unwrap(api.GET('/api/alumni/portfolio/profile'))
        : unwrap(api.GET('/api/siswa/portfolio/profile')),
    [me.role],
  )
}

function ApplyModal({
  vacancyId,
  opened,
  onClose,
}: {
  vacancyId: number
  opened: boolean
  onClose: () => void
}) {
  const navigate = useNavigate()
  const portfolio = usePortfolio()
  const [picked, setPicked] = useState<string[]>([])
  const [cover, setCover] = useState('')
  const [busy, setBusy] = useState(false)
  const [error, setError] = useState<unknown>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  useEffect(() => {
    const files = portfolio.data?.data.files
    if (files) setPicked(files.filter((x) => x.category === 'cv').map((x) => String(x.id)))
  }, [portfolio.data])

  async function submit(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    setError(null)
    try {
      const res = await unwrap(
        api.POST('/api/job-vacancies/{id}/apply', {
          params: { path: { id: vacancyId } },
          body: { cover_letter: cover.trim() || null, portfolio_ids: picked.map(Number) },
        }),
      )
      toastOk('Lamaran terkirim.')
      navigate(`/lamaran/${res.data.id}`)
    } catch (err) {
      setError(err)
      setErrors(fieldErrors(err))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Modal opened={opened} onClose={onClose} title="Kirim lamaran" size="lg">
      <Loading loaded={portfolio}>
        {(p) => (
          <form onSubmit={submit} noValidate>
            <Stack>
              {!p.data.completeness.complete && (
                <Alert color="yellow" title="Profil belum lengkap">
                  Lengkapi {p.data.completeness.missing.map((m) => label('profileGap', m)).join(', ')} di{' '}
                  <Anchor component={Link} to="/portofolio">
                    portofolio
                  </Anchor>{' '}
                  sebelum melamar.
                </Alert>
              )}
              <Checkbox.Group
                label="Berkas portofolio yang dilampirkan"
                value={picked}
                onChange={setPicked}
                error={errors.portfolio_ids}
              >
                <Stack gap={6} mt={6}>
                  {p.data.files.length === 0 && (
                    <Text size="sm" c="dimmed">
                      Belum ada berkas. Unggah di halaman portofolio.
                    </Text>
                  )}
                  {p.data.files.map((file) => (
                    <Checkbox
                      key={file.id}
                      value={String(file.id)}
                      label={`${label('fileCategory', file.category)}: ${file.title} (${file.originalName})`}
                    />
                  ))}
                </Stack>
              </Checkbox.Group>
              <Textarea
                label="Surat lamaran (opsional)"
                autosize
                minRows={4}
                value={cover}
                onChange={(e) => setCover(e.currentTarget.value)}
                error={errors.cover_letter}
              />
              {error ? <ErrorAlert error={error} /> : null}
              <Group justify="flex-end">
                <Button variant="default" onClick={onClose}>
                  Batal
                </Button>
                <Button type="submit" loading={busy}>
                  Kirim lamaran
                </Button>
              </Group>
            </Stack>
          </form>
        )}
      </Loading>
    </Modal>
  )
}

export function VacancyDetailPage() {
  const id = Number(useParams().id)
  const [applying, setApplying] = useState(false)
  const v = useLoad(() => unwrap(api.GET('/api/job-vacancies/{id}', { params: { path: { id } } })), [id])
  return (
    <Loading loaded={v}>
      {({ data: d }) => (
        <Stack>
          <div>
            <Anchor component={Link} to="/lowongan" size="sm">
              ← Semua lowongan
            </Anchor>
            <Title order={1} size="h2" mt={4}>
              {d.title}
            </Title>
            <Text>{d.company.name}</Text>
          </div>
          <Card withBorder>
            <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="xs">
              <Text size="sm">
                <b>Posisi:</b> {d.position}
              </Text>
              <Text size="sm">
                <b>Jenis:</b> {label('jobType', d.jobType)} · {label('category', d.category)}
              </Text>
              <Text size="sm">
                <b>Lokasi:</b> {[d.workLocation, d.city, d.province].filter(Boolean).join(', ') || '–'}
              </Text>
              <Text size="sm">
                <b>Gaji:</b> {formatSalaryRange(d.minSalary, d.maxSalary)}
              </Text>
              <Text size="sm">
                <b>Kuota:</b> {d.quotaLeft} tersisa dari {d.quota}
              </Text>
              <Text size="sm">
                <b>Batas lamaran:</b> {formatDate(d.deadline)}
              </Text>
              <Text size="sm">
                <b>Untuk:</b> {label('target', d.target)} · {d.majors.map((m) => m.name).join(', ')}
              </Text>
            </SimpleGrid>
          </Card>
          {d.application ? (
            <Alert color="blue" title="Anda sudah melamar">
              Status: <StatusBadge of="applicationStatus" value={d.application.status} />{' '}
              <Anchor component={Link} to={`/lamaran/${d.application.id}`}>
                Lihat lamaran
              </Anchor>
            </Alert>
          ) : d.canApply ? (
            <Group>
              <Button onClick={() => setApplying(true)}>Lamar sekarang</Button>
            </Group>
          ) : (
            <Alert color="yellow" title="Mengapa saya belum bisa melamar?">
              <List size="sm">
                {d.reasons.map((r) => (
                  <List.Item key={r}>{r}</List.Item>
                ))}
              </List>
            </Alert>
          )}
          <Section title="Deskripsi" text={d.description} />
          <Section title="Kualifikasi" text={d.qualifications} />
          {d.benefits && <Section title="Benefit" text={d.benefits} />}
          {d.company.description && (
            <Section title={`Tentang ${d.company.name}`} text={d.company.description} />
          )}
          {applying && <ApplyModal vacancyId={d.id} opened onClose={() => setApplying(false)} />}
        </Stack>
      )}
    </Loading>
  )
}

function Section({ title, text }: { title: string; text: string }) {
  return (
    <section>
      <Title order={2} size="h4" mb={4}>
        {title}
      </Title>
      <Text size="sm" style={{ whiteSpace: 'pre-line' }}>
        {text}
      </Text>
    </section>
  )
}

const APP_KEYS = ['search', 'status'] as const

export function MyApplicationsPage() {
  const f = useUrlFilters(APP_KEYS)
  const list = useLoad(
    () => unwrap(api.GET('/api/my-applications', { params: { query: f.query as never } })),
    [f.key],
  )
  return (
    <>
      <PageTitle title="Lamaran saya" />
      <Group mb="md">
        <Select
          label="Status"
          placeholder="Semua status"
          clearable
          data={options('applicationStatus')}
          value={f.get('status') || null}
          onChange={(v) => f.set({ status: v })}
        />
      </Group>
      <Loading loaded={list} empty={(d) => d.data.length === 0} emptyText="Belum ada lamaran.">
        {(d) => (
          <Table.ScrollContainer minWidth={560}>
            <Table striped highlightOnHover>
              <Table.Thead>
                <Table.Tr>
                  <Table.Th>Lowongan</Table.Th>
                  <Table.Th>Status</Table.Th>
                  <Table.Th>Tahap terakhir</Table.Th>
                  <Table.Th>Dikirim</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {d.data.map((a) => (
                  <Table.Tr key={a.id}>
                    <Table.Td>
                      <Anchor component={Link} to={`/lamaran/${a.id}`}>
                        {a.vacancy.title}
                      </Anchor>
                      <Text size="xs" c="dimmed">
                        {a.company.name}
                      </Text>
                    </Table.Td>
                    <Table.Td>
                      <StatusBadge of="applicationStatus" value={a.status} />
                      {a.result && (
                        <Text size="xs" mt={2}>
                          Hasil: {label('selectionDecision', a.result.decision)}
                        </Text>
                      )}
                    </Table.Td>
                    <Table.Td>
                      {a.lastEvent ? (
                        <>
                          <Text size="sm">{label('stage', a.lastEvent.stage)}</Text>
                          <Text size="xs" c="dimmed">
                            {formatDateTime(a.lastEvent.at)}
                          </Text>
                        </>
                      ) : (
                        '–'
                      )}
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
    </>
  )
}

export function MyApplicationPage() {
  const id = Number(useParams().id)
  const a = useLoad(() => unwrap(api.GET('/api/my-applications/{id}', { params: { path: { id } } })), [id])
  return (
    <Loading loaded={a}>
      {({ data: d }) => (
        <Stack>
          <div>
            <Anchor component={Link} to="/lamaran" size="sm">
              ← Lamaran saya
            </Anchor>
            <Title order={1} size="h2" mt={4}>
              {d.vacancy.title}
            </Title>
            <Group gap="xs">
              <Text>{d.company.name}</Text>
              <StatusBadge of="applicationStatus" value={d.status} />
            </Group>
          </div>
          {d.result && (
            <Card withBorder bg={d.result.decision === 'diterima' ? 'green.0' : undefined}>
              <Title order={2} size="h4">
                Hasil seleksi: {label('selectionDecision', d.result.decision)}
              </Title>
              <Text size="xs" c="dimmed">
                Diumumkan {formatDateTime(d.result.publishedAt)}
              </Text>
              <SimpleGrid cols={{ base: 2, sm: 4 }} mt="sm">
                <Score name="Psikotes" value={d.result.psychotestScore} />
                <Score name="Wawancara" value={d.result.interviewScore} />
                <Score name="MCU" value={d.result.mcuScore} />
                <Score name="Nilai akhir" value={d.result.finalScore} />
              </SimpleGrid>
              {d.result.notes && (
                <Text size="sm" mt="sm">
                  {d.result.notes}
                </Text>
              )}
              {(d.result.letterUrl ?? d.acceptanceLetterUrl) && (
                <Button
                  mt="sm"
                  variant="light"
                  onClick={() => download((d.result?.letterUrl ?? d.acceptanceLetterUrl)!).catch(toastError)}
                >
                  Unduh surat keputusan
                </Button>
              )}
            </Card>
          )}
          {d.placement && (
            <Alert color="green" title="Penempatan">
              {d.placement.position} · diterima {formatDate(d.placement.acceptedAt)}
              {d.placement.startDate && ` · mulai ${formatDate(d.placement.startDate)}`}
            </Alert>
          )}
          {d.tests.length > 0 && (
            <Card withBorder>
              <Title order={2} size="h4" mb="xs">
                Jadwal tes
              </Title>
              <Stack gap="xs">
                {d.tests.map((t) => (
                  <div key={t.id}>
                    <Text size="sm" fw={600}>
                      {t.name} ({label('testKind', t.kind)}){' '}
                      {t.status === 'cancelled' && <StatusBadge of="scheduleStatus" value="cancelled" />}
                    </Text>
                    <Text size="sm">
                      {formatDateTime(t.scheduledAt)} · {t.location}
                    </Text>
                    <Text size="xs" c="dimmed">
                      Kehadiran:{' '}
                      {t.attendanceStatus
                        ? label('attendance', t.attendanceStatus)
                        : NOT_MARKED.toLowerCase()}{' '}
                      · validasi: {label('validation', t.validationStatus)}
                    </Text>
                  </div>
                ))}
              </Stack>
            </Card>
          )}
          <Card withBorder>
            <Title order={2} size="h4" mb="sm">
              Riwayat tahapan
            </Title>
            <Timeline active={d.timeline.length - 1} bulletSize={14} lineWidth={2}>
              {d.timeline.map((e, i) => (
                <Timeline.Item key={`${e.at}-${i}`} title={eventLabel(e).stage}>
                  <Text size="sm">{eventLabel(e).status}</Text>
                  {e.notes && (
                    <Text size="sm" c="dimmed">
                      {e.notes}
                    </Text>
                  )}
                  <Text size="xs" c="dimmed">
                    {formatDateTime(e.at)}
                    {e.actor && ` · ${e.actor}`}
                  </Text>
                </Timeline.Item>
              ))}
            </Timeline>
          </Card>
          {d.files.length > 0 && (
            <Card withBorder>
              <Title order={2} size="h4" mb="xs">
                Berkas terlampir
              </Title>
              <Stack gap={4}>
                {d.files.map((file) => (
                  <FileLink key={file.id} file={file} />
                ))}
              </Stack>
            </Card>
          )}
          {d.status === 'pending' && (
            <Group>
              <ConfirmButton
                title="Batalkan lamaran?"
                message="Lamaran yang dibatalkan tidak dapat dikirim ulang ke lowongan ini."
                confirmLabel="Batalkan lamaran"
                onConfirm={() =>
                  unwrap(api.PATCH('/api/my-applications/{id}/withdraw', { params: { path: { id } } })).then(
                    () => {
                      toastOk('Lamaran dibatalkan.')
                      a.reload()
                    },
                    toastError,
                  )
                }
              >
                Batalkan lamaran
              </ConfirmButton>
            </Group>
          )}
        </Stack>
      )}
    </Loading>
  )
}

function Score({ name, value }: { name: string; value: number | null }) {
  return (
    <div>
      <Text size="xs" c="dimmed">
        {name}
      </Text>
      <Text fw={700}>{value == null ? '–' : new Intl.NumberFormat('id-ID').format(value)}</Text>
    </div>
  )
}

type ProfileBody = paths['/api/siswa/portfolio/profile']['put']['requestBody']
type ProfileInput = NonNullable<ProfileBody>['content']['application/json']

export function PortfolioPage() {
  const me = useMe()
  const base = me.role === 'alumni' ? '/api/alumni/portfolio' : '/api/siswa/portfolio'
  const p = usePortfolio()
  const portfolioOptions = useLoad(
    () =>
      me.role === 'alumni'
        ? unwrap(api.GET('/api/alumni/portfolio/options'))
        : unwrap(api.GET('/api/siswa/portfolio/options')),
    [me.role],
  )
  const [form, setForm] = useState<Record<string, string>>({})
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [busy, setBusy] = useState(false)
  useEffect(() => {
    const d = p.data?.data
    if (!d) return
    setForm({
      phone: d.phone ?? '',
      email: d.email ?? '',
      birth_place: d.birthPlace ?? '',
      birth_date: d.birthDate ?? '',
      address: d.address ?? '',
      city: d.city ?? '',
      province: d.province ?? '',
      summary: d.summary ?? '',
      linkedin: d.socialMedia.linkedin ?? '',
      instagram: d.socialMedia.instagram ?? '',
      github: d.socialMedia.github ?? '',
      website: d.socialMedia.website ?? '',
    })
  }, [p.data])

  const field = (name: string, text: string, extra: Record<string, unknown> = {}) => (
    <TextInput
      label={text}
      value={form[name] ?? ''}
      onChange={(e) => setForm((f) => ({ ...f, [name]: e.currentTarget.value }))}
      error={errors[name] ?? errors[`social_media.${name}`]}
      {...extra}
    />
  )

  async function save(e: FormEvent) {
    e.preventDefault()
    setBusy(true)
    setErrors({})
    const v = (k: string) => (form[k]?.trim() ? form[k].trim() : null)
    const body: ProfileInput = {
      phone: v('phone'),
      email: v('email'),
      birth_place: v('birth_place'),
      birth_date: v('birth_date'),
      address: v('address'),
      city: v('city'),
      province: v('province'),
      summary: v('summary'),
      social_media: {
        linkedin: v('linkedin'),
        instagram: v('instagram'),
        github: v('github'),
        website: v('website'),
      },
    }
    try {
      if (me.role === 'alumni') await unwrap(api.PUT('/api/alumni/portfolio/profile', { body }))
      else await unwrap(api.PUT('/api/siswa/portfolio/profile', { body }))
      toastOk('Profil disimpan.')
      p.reload()
    } catch (err) {
      setErrors(fieldErrors(err))
      toastError(err)
    } finally {
      setBusy(false)
    }
  }

  async function remove(id: number) {
    try {
      if (me.role === 'alumni')
        await unwrap(api.DELETE('/api/alumni/portfolio/{id}', { params: { path: { id } } }))
      else await unwrap(api.DELETE('/api/siswa/portfolio/{id}', { params: { path: { id } } }))
      toastOk('Berkas dihapus.')
      p.reload()
    } catch (err) {
      toastError(err)
    }
  }

  return (
    <>
      <PageTitle title="Portofolio" />
      <Loading loaded={p}>
        {({ data: d }) => (
          <Stack>
            <Card withBorder>
              <Text fw={600}>{d.fullName}</Text>
              <Text size="sm" c="dimmed">
                NIS {d.nis} · {d.major.name} {d.className && `· ${d.className}`}
                {d.graduationYear && ` · lulus ${d.graduationYear}`}
              </Text>
              {!d.completeness.complete && (
                <Alert color="yellow" mt="sm" title="Profil belum lengkap untuk melamar">
                  Lengkapi: {d.completeness.missing.map((m) => label('profileGap', m)).join(', ')}.
                </Alert>
              )}
            </Card>
            <Card withBorder component="section" aria-labelledby="biodata">
              <Title order={2} size="h4" mb="sm" id="biodata">
                Biodata, kontak dan media sosial
              </Title>
              <form onSubmit={save} noValidate>
                <SimpleGrid cols={{ base: 1, sm: 2 }}>
                  {field('phone', 'Nomor telepon', { type: 'tel', autoComplete: 'tel' })}
                  {field('email', 'E-mail kontak', { type: 'email' })}
                  {field('birth_place', 'Tempat lahir')}
                  <DateField
                    label="Tanggal lahir"
                    value={form.birth_date ?? ''}
                    onChange={(value) => setForm((f) => ({ ...f, birth_date: value }))}
                    error={errors.birth_date}
                  />
                  {field('address', 'Alamat')}
                  {field('city', 'Kota')}
                  {field('province', 'Provinsi')}
                  {field('linkedin', 'LinkedIn')}
                  {field('instagram', 'Instagram')}
                  {field('github', 'GitHub')}
                  {field('website', 'Situs web')}
                </SimpleGrid>
                <Textarea
                  mt="sm"
                  label="Ringkasan diri"
                  autosize
                  minRows={3}
                  value={form.summary ?? ''}
                  onChange={(e) => setForm((f) => ({ ...f, summary: e.currentTarget.value }))}
                  error={errors.summary}
                />
                <Group mt="md">
                  <Button type="submit" loading={busy}>
                    Simpan profil
                  </Button>
                </Group>
              </form>
            </Card>
            <Card withBorder component="section" aria-labelledby="berkas">
              <Title order={2} size="h4" mb="sm" id="berkas">
                Berkas ({d.files.length})
              </Title>
              <Stack gap="xs" mb="md">
                {d.files.length === 0 && (
                  <Text size="sm" c="dimmed">
                    Belum ada berkas. Unggah CV agar bisa melamar.
                  </Text>
                )}
                {d.files.map((file) => (
                  <Group key={file.id} justify="space-between" wrap="nowrap">
                    <div>
                      <Badge size="sm" variant="light" mr={6}>
                        {label('fileCategory', file.category)}
                      </Badge>
                      <FileLink file={file} />
                    </div>
                    <ConfirmButton
                      title="Hapus berkas?"
                      message={`Berkas "${file.title}" akan dihapus dari portofolio.`}
                      confirmLabel="Hapus"
                      onConfirm={() => remove(file.id)}
                    >
                      Hapus
                    </ConfirmButton>
                  </Group>
                ))}
              </Stack>
              <PortfolioUpload
                url={`${base}/upload`}
                categories={(portfolioOptions.data?.data.categories ?? [{ value: 'cv' }]).map((c) => ({
                  value: String(c.value),
                  label: label('fileCategory', String(c.value)),
                }))}
                onDone={p.reload}
              />
            </Card>
          </Stack>
        )}
      </Loading>
    </>
  )
}
