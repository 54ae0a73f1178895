import '../../styles-all'
import { Anchor, Badge, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core'
import { type ReactNode, useState } from 'react'
import { Link, useParams } from 'react-router'
import { api, ifMatch, unwrap } from '../../api/client'
import type { AnyBody } from '../../components/crud'
import { CrudForm } from '../../components/crud-form'
import { DataTable, Lines } from '../../components/data-table'
import { DetailHeader } from '../../components/detail-header'
import { StatusBadge } from '../../components/status-badge'
import { Field, Loading } from '../../components/ui'
import type { DataOf, ListRow } from '../../lib/api-types'
import { formatDate, formatDateTime } from '../../lib/format'
import { label } from '../../lib/labels'
import { toastOk } from '../../lib/toast'
import { useLoad } from '../../lib/use-load'
import { PasswordLinkButton } from '../auth/password-link-button'
import { LearnerDataButton } from '../personal-data/learner-data-button'
import { SourceLine } from '../placements/parts'
import { learnerFields, learnerValues } from './fields'
import { LEFT_REASONS, LeftBadge, LeftSchoolAction } from './left-school'
import { useMajorOptions, withCurrent } from './options'

/**
 * One learner's story for the career center, to answer a homeroom teacher or a parent ("what has Andi applied
 * to, and where does it stand?"): who she is and how to reach her, her applications with where each stands, her
 * placements and, for an alumnus, her tracer study; with the actions of her row in the list (Ubah, Unduh data).
 * Opened from her name in the students' or the alumni's list.
 */

type Kind = 'siswa' | 'alumni'
type Learner = DataOf<'/api/admin/students/{id}'>
type Application = ListRow<'/api/admin/students/{id}/applications'>

const KINDS = {
  siswa: { path: 'students', list: '/admin/siswa', listLabel: 'Siswa kelas XII' },
  alumni: { path: 'alumni', list: '/admin/alumni', listLabel: 'Alumni' },
} as const

export function StudentPage() {
  return <LearnerPage kind="siswa" />
}

export function AlumnusPage() {
  return <LearnerPage kind="alumni" />
}

function getLearner(kind: Kind, id: number) {
  const params = { params: { path: { id } } }
  return kind === 'siswa'
    ? unwrap(api.GET('/api/admin/students/{id}', params))
    : unwrap(api.GET('/api/admin/alumni/{id}', params))
}

function LearnerPage({ kind }: { kind: Kind }) {
  const id = Number(useParams().id)
  const k = KINDS[kind]
  const learner = useLoad(() => getLearner(kind, id), [kind, id])
  // Counts the changes made from the page (Ubah, Keluar/Mutasi and its undoing): each reads her record and every
  // section again, as Keluar/Mutasi closes her open applications and cancels her tests.
  const [changes, setChanges] = useState(0)
  const changed = () => {
    learner.reload()
    setChanges((n) => n + 1)
  }
  return (
    <Loading loaded={learner}>
      {({ data: l }) => (
        <Stack maw={1100}>
          <DetailHeader back={{ to: k.list, label: k.listLabel }} title={l.fullName}>
            <Group gap="xs" mt={4}>
              <Text size="sm" c="dimmed">
                {[
                  `NIS ${l.nis}`,
                  l.nisn ? `NISN ${l.nisn}` : null,
                  l.graduationYear !== null
                    ? `Lulus ${l.graduationYear}`
                    : l.className
                      ? `Kelas ${l.className}`
                      : null,
                  `${l.major.name} (${l.department.name})`,
                ]
                  .filter(Boolean)
                  .join(' · ')}
              </Text>
              {l.left && <LeftBadge left={l.left} />}
            </Group>
          </DetailHeader>
          <Actions kind={kind} learner={l} onChanged={changed} />
          <Profile learner={l} />
          <Applications kind={kind} id={id} changes={changes} />
          <Placements id={id} changes={changes} />
          {kind === 'alumni' && <Tracer id={id} changes={changes} />}
        </Stack>
      )}
    </Loading>
  )
}

/** The actions of her row in the list, on her page: Ubah (the same form), Unduh data, a password link, Keluar/Mutasi. */
function Actions({ kind, learner: l, onChanged }: { kind: Kind; learner: Learner; onChanged: () => void }) {
  const [editing, setEditing] = useState(false)
  const majors = useMajorOptions()
  const path = KINDS[kind].path
  const fields = learnerFields(withCurrent(majors, l.major), kind === 'alumni', l)
  const valuesOf = (r: Learner) =>
    kind === 'alumni'
      ? { ...learnerValues(r), graduation_year: String(r.graduationYear ?? '') }
      : learnerValues(r)
  const save = async (body: Record<string, unknown>) => {
    const args = { params: { path: { id: l.id }, header: ifMatch(l.updatedAt) }, body: body as AnyBody }
    await (kind === 'siswa'
      ? unwrap(api.PUT('/api/admin/students/{id}', args))
      : unwrap(api.PUT('/api/admin/alumni/{id}', args)))
    toastOk('Data disimpan.')
    setEditing(false)
    onChanged()
  }
  return (
    <Group gap="xs">
      <Button size="xs" variant="light" onClick={() => setEditing(true)}>
        Ubah
      </Button>
      {l.account?.isActive && <PasswordLinkButton userId={l.account.id} email={l.account.email} />}
      {kind === 'siswa' && <LeftSchoolAction learner={l} onDone={onChanged} />}
      <LearnerDataButton kind={path} learner={l} />
      {editing && (
        <CrudForm
          title={`${l.fullName} (NIS ${l.nis})`}
          fields={fields}
          creating={false}
          initial={valuesOf(l)}
          onSave={save}
          onClose={() => setEditing(false)}
          refresh={async () => {
            onChanged()
            return valuesOf((await getLearner(kind, l.id)).data)
          }}
        />
      )}
    </Group>
  )
}

function Section({ title, children }: { title: string; children: ReactNode }) {
  return (
    <Card withBorder component="section" aria-label={title}>
      <Title order={2} size="h4" mb="sm">
        {title}
      </Title>
      {children}
    </Card>
  )
}

/** Contact, account and, for a student who left school, since when and why. */
function Profile({ learner: l }: { learner: Learner }) {
  const reason = l.left
    ? (LEFT_REASONS.find((r) => r.value === l.left?.reason)?.label ?? l.left.reason)
    : null
  return (
    <Section title="Data diri">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }}>
        <Field label="Telepon">{l.phone}</Field>
        <Field label="E-mail">{l.email}</Field>
        <Field label="Alamat">{[l.address, l.city, l.province].filter(Boolean).join(', ')}</Field>
        <Field label="Akun">
          {l.account ? (
            <Group gap={6}>
              <span>{l.account.email}</span>
              <StatusBadge of="activeStatus" value={l.account.isActive ? 'active' : 'inactive'} />
            </Group>
          ) : (
            'Belum punya akun'
          )}
        </Field>
        {l.left && (
          <Field label="Keluar/Mutasi">
            {`${reason}, sejak ${formatDate(l.left.date)}${l.left.note ? `: ${l.left.note}` : ''}`}
          </Field>
        )}
      </SimpleGrid>
    </Section>
  )
}

function loadApplications(kind: Kind, id: number, page: number) {
  const params = { params: { path: { id }, query: { page } } }
  return kind === 'siswa'
    ? unwrap(api.GET('/api/admin/students/{id}/applications', params))
    : unwrap(api.GET('/api/admin/alumni/{id}/applications', params))
}

/** Where an application stands, in a few lines: history, result, the test ahead or held, the review. */
function Stage({ a }: { a: Application }) {
  const lines: string[] = []
  if (a.superseded) lines.push('Riwayat: ditarik sekolah, lalu melamar lagi ke lowongan ini')
  else if (a.withdrawnBySchool) lines.push('Ditarik sekolah (keluar/mutasi)')
  if (a.onHold) lines.push('Seleksi dihentikan sementara: perusahaan nonaktif')
  // A waiting-list place the company's closing of the vacancy ended says so in the stage above ("Lowongan ditutup").
  if (a.result) lines.push(`Hasil: ${label('selectionDecision', a.result.decision)}`)
  if (a.nextTest)
    lines.push(
      `Tes berikutnya: ${a.nextTest.name} (${label('testKind', a.nextTest.kind)}), ${formatDateTime(a.nextTest.scheduledAt)}`,
    )
  if (a.lastTest)
    lines.push(
      `Tes terakhir: ${a.lastTest.name}, ${formatDate(a.lastTest.scheduledAt, true)}: ${
        a.lastTest.attendanceStatus
          ? label('attendance', a.lastTest.attendanceStatus)
          : 'kehadiran belum dicatat'
      } (${label('validation', a.lastTest.validationStatus).toLowerCase()})`,
    )
  if (a.review) lines.push(`Seleksi berkas: ${label('reviewDecision', a.review.decision)}`)
  return (
    <>
      {a.lastEvent ? (
        <Lines main={label('stage', a.lastEvent.stage)} sub={formatDateTime(a.lastEvent.at)} />
      ) : (
        <Text size="sm">–</Text>
      )}
      {lines.map((line) => (
        <Text key={line} size="xs" c="dimmed">
          {line}
        </Text>
      ))}
    </>
  )
}

/** `changes`: how many changes were made from the page; each reads the section again (so for Placements, Tracer). */
function Applications({ kind, id, changes }: { kind: Kind; id: number; changes: number }) {
  const [page, setPage] = useState(1)
  const list = useLoad(() => loadApplications(kind, id, page), [kind, id, page, changes])
  return (
    <Section title="Lamaran">
      <DataTable
        loaded={list}
        empty="Belum ada lamaran."
        minWidth={760}
        onPage={setPage}
        columns={[
          {
            label: 'Lowongan',
            render: (a) => (
              <Lines
                main={`${a.vacancy.title}${a.vacancy.deleted ? ' (dihapus)' : ''}`}
                sub={a.company.name}
              />
            ),
          },
          { label: 'Dikirim', render: (a) => formatDate(a.createdAt, true) },
          {
            label: 'Status',
            render: (a) => (
              <Stack gap={4} align="flex-start">
                <StatusBadge of="applicationStatus" value={a.status} />
                {a.superseded && (
                  <Badge size="xs" variant="outline" color="gray">
                    Riwayat
                  </Badge>
                )}
              </Stack>
            ),
          },
          { label: 'Tahap', render: (a) => <Stage a={a} /> },
        ]}
      />
    </Section>
  )
}

/** Her placements (through bursa or found outside it), from staff's placements list filtered to her. */
function Placements({ id, changes }: { id: number; changes: number }) {
  const [page, setPage] = useState(1)
  const list = useLoad(
    () => unwrap(api.GET('/api/admin/job-placements', { params: { query: { student_id: id, page } } })),
    [id, page, changes],
  )
  return (
    <Section title="Penempatan">
      <DataTable
        loaded={list}
        empty="Belum ada penempatan."
        minWidth={640}
        onPage={setPage}
        columns={[
          {
            label: 'Perusahaan',
            render: (p) => (
              <>
                <Text size="sm">{p.company.name}</Text>
                <SourceLine p={p} />
              </>
            ),
          },
          { label: 'Posisi', render: (p) => p.position },
          { label: 'Diterima', render: (p) => formatDate(p.acceptedAt, true) },
          { label: 'Mulai', render: (p) => formatDate(p.startDate, true) },
          { label: 'Status', render: (p) => <StatusBadge of="placementStatus" value={p.status} /> },
        ]}
      />
    </Section>
  )
}

/** An alumnus's tracer study: answered or not, the current career status, and the staff's tracer page. */
function Tracer({ id, changes }: { id: number; changes: number }) {
  const tracer = useLoad(
    () => unwrap(api.GET('/api/admin/tracer-studies/{alumniId}', { params: { path: { alumniId: id } } })),
    [id, changes],
  )
  return (
    <Section title="Tracer study">
      <Loading loaded={tracer}>
        {({ data: d }) => (
          <Stack gap="xs" align="flex-start">
            {d.current ? (
              <Text size="sm">
                {`Sudah mengisi (${formatDate(d.current.submittedAt, true)}): ${label('careerStatus', d.current.careerStatus)}${
                  d.current.institutionName ? `, ${d.current.institutionName}` : ''
                }`}
              </Text>
            ) : (
              <Text size="sm">Belum mengisi tracer study.</Text>
            )}
            <Anchor component={Link} to={`/admin/tracer-study/${id}`} size="sm">
              {d.current ? 'Buka tracer study' : 'Isi tracer study untuk alumni ini'}
            </Anchor>
          </Stack>
        )}
      </Loading>
    </Section>
  )
}
