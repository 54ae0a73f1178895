import { Alert, Badge, Button, Group, Paper, Select, Stack, Text, TextInput, Title } from '@mantine/core'
import { useState } from 'react'
import { type ApiError, api, fieldErrors, unwrap } from '../../api/client'
import type { paths } from '../../api/schema'
import { ConfirmButton } from '../../components/confirm'
import { TableView } from '../../components/data-table'
import { PageTitle } from '../../components/ui'
import { graduationYearNow } from '../../lib/school-zone'
import { toastError, toastOk } from '../../lib/toast'
import { LeftBadge } from './left-school'
import { useMajorOptions } from './options'

type Result =
  paths['/api/admin/graduations']['post']['responses']['200']['content']['application/json']['data']
type Body = NonNullable<paths['/api/admin/graduations']['post']['requestBody']>['content']['application/json']

const NO_CHOICE = 'Isi rombel atau pilih kompetensi keahlian.'

type Failure = Result['failures'][number]
/** A row of the preview: one who would graduate, or a student recorded as having left school (never ticked). */
type Row =
  | Result['graduates'][number]
  | (Failure & { left: NonNullable<Failure['left']>; account?: undefined })

/**
 * A learner whose account is switched off: most likely one who left school before "Keluar/Mutasi" was recorded
 * (the students page records it now); left unticked unless staff tick them.
 */
const switchedOff = (g: Row) => g.account?.isActive === false
const hasLeft = (f: Failure): f is Failure & { left: NonNullable<Failure['left']> } => f.left !== null
const isLeft = (r: Row) => 'reason' in r

/**
 * "Kelulusan": pick a class and/or a major and the year, see who would graduate, untick anyone who does
 * not, then make them alumni (their accounts, portfolios and applications carry over).
 */
export function GraduationPage() {
  // Who graduates is picked among grade-12 students, who may still be in a major switched off since.
  const majors = useMajorOptions({ includeInactive: true })
  const [year, setYear] = useState(() => String(graduationYearNow()))
  const [majorId, setMajorId] = useState<string | null>(null)
  const [className, setClassName] = useState('')
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [preview, setPreview] = useState<Result | null>(null)
  const [picked, setPicked] = useState<number[]>([])
  const [done, setDone] = useState<Result | null>(null)
  const [busy, setBusy] = useState(false)

  const show = async () => {
    setDone(null)
    if (!majorId && !className.trim()) {
      setPreview(null)
      return setErrors({ choice: NO_CHOICE })
    }
    setErrors({})
    setBusy(true)
    try {
      const body: Body = {
        graduation_year: Number(year),
        dry_run: true,
        ...(majorId ? { major_id: Number(majorId) } : {}),
        ...(className.trim() ? { class_name: className.trim() } : {}),
      }
      const r = await unwrap(api.POST('/api/admin/graduations', { body }))
      setPreview(r.data)
      // A learner whose account is switched off has most likely left school: unticked unless staff tick them.
      setPicked(r.data.graduates.filter((g) => !switchedOff(g)).map((g) => g.id))
    } catch (err) {
      setPreview(null)
      const fields = fieldErrors(err)
      setErrors(fields)
      if (!Object.keys(fields).length || (err as ApiError).status !== 422) toastError(err)
    } finally {
      setBusy(false)
    }
  }

  // A change to who or which year graduates: the preview shown no longer says what "Luluskan" would do.
  const forget = () => {
    setPreview(null)
    setPicked([])
  }

  const commit = async () => {
    if (!preview) return
    try {
      const r = await unwrap(
        api.POST('/api/admin/graduations', {
          // The year the preview and its confirmation named, not the field's (changed since, it clears the preview).
          body: { graduation_year: preview.graduationYear, student_ids: picked },
        }),
      )
      toastOk(r.message)
      setDone(r.data)
      setPreview(null)
      setPicked([])
    } catch (err) {
      toastError(err)
    }
  }

  // A class graduated by mistake goes back at once (later: the same route, by the alumni's ids).
  const undo = async () => {
    if (!done) return
    try {
      const r = await unwrap(
        api.POST('/api/admin/graduations/undo', {
          body: { graduation_year: done.graduationYear, student_ids: done.graduates.map((g) => g.id) },
        }),
      )
      toastOk(r.message)
      setDone(null)
    } catch (err) {
      toastError(err)
    }
  }

  const choiceError = errors.choice ?? errors.class_name ?? errors.major_id ?? errors.student_ids
  return (
    <Stack>
      <PageTitle title="Kelulusan" />
      <Text size="sm" c="dimmed">
        Siswa kelas XII yang lulus menjadi alumni pada tahun kelulusannya. Akun, portofolio, lamaran dan
        penempatan mereka tetap ada; peran akunnya berubah menjadi alumni.
      </Text>
      <Paper withBorder p="md" radius="md">
        <Group align="flex-end" wrap="wrap">
          <TextInput
            label="Tahun lulus"
            inputMode="numeric"
            value={year}
            onChange={(e) => {
              setYear(e.currentTarget.value)
              forget()
            }}
            error={errors.graduation_year}
            w={120}
          />
          <Select
            label="Kompetensi keahlian"
            placeholder="Pilih kompetensi"
            data={majors}
            value={majorId}
            onChange={(v) => {
              setMajorId(v)
              forget()
            }}
            clearable
            searchable
            miw={240}
            error={errors.major_id ?? Boolean(errors.choice)}
          />
          <TextInput
            label="Rombel"
            placeholder="mis. XII TKJ 1"
            value={className}
            onChange={(e) => {
              setClassName(e.currentTarget.value)
              forget()
            }}
            error={errors.class_name ?? Boolean(errors.choice)}
            miw={180}
          />
          <Button onClick={show} loading={busy}>
            Tampilkan pratinjau
          </Button>
        </Group>
        {choiceError && !errors.class_name && !errors.major_id && (
          <Text c="red" size="sm" mt="xs" role="alert">
            {choiceError}
          </Text>
        )}
      </Paper>

      {done && (
        <Alert color="green" title="Kelulusan tersimpan" role="status">
          {done.succeeded} siswa kini alumni tahun {done.graduationYear}.
          {done.failed > 0 &&
            ` ${done.failed} ditolak: ${done.failures.map((f) => `${f.fullName ?? `#${f.id}`} (${f.reason})`).join('; ')}`}
          {done.succeeded > 0 && (
            <Group mt="sm">
              <ConfirmButton
                title="Batalkan kelulusan ini?"
                message={`${done.succeeded} alumni tahun ${done.graduationYear} kembali menjadi siswa kelas XII; peran akun mereka kembali siswa. Yang sudah mengisi tracer study atau melamar sebagai alumni tidak dikembalikan.`}
                confirmLabel="Ya, batalkan kelulusan"
                onConfirm={undo}
              >
                Batalkan kelulusan ini
              </ConfirmButton>
            </Group>
          )}
        </Alert>
      )}

      {preview && (
        <Paper withBorder p="md" radius="md" aria-label="Pratinjau kelulusan">
          <Stack>
            <Title order={2} size="h4">
              Pratinjau: {preview.succeeded} siswa akan lulus tahun {preview.graduationYear}
            </Title>
            <TableView<Row>
              // Those who left school are listed with their class, but cannot be ticked: the service refuses them.
              rows={[...preview.graduates, ...preview.failures.filter(hasLeft)]}
              empty="Tidak ada siswa kelas XII yang cocok dengan pilihan ini."
              selection={{
                selected: picked,
                onChange: setPicked,
                canSelect: (g) => !isLeft(g),
                label: (g) => `Luluskan ${g.fullName}`,
                allLabel: 'Pilih semua',
              }}
              columns={[
                { label: 'NIS', render: (g) => g.nis ?? '–' },
                { label: 'Nama', render: (g) => g.fullName },
                { label: 'Rombel', render: (g) => g.className ?? '–' },
                { label: 'Kompetensi', render: (g) => g.major?.name ?? '–' },
                {
                  label: 'Akun',
                  render: (g) =>
                    'reason' in g ? (
                      <LeftBadge left={g.left} />
                    ) : !g.account ? (
                      'Belum punya akun'
                    ) : switchedOff(g) ? (
                      <>
                        {g.account.email}{' '}
                        <Badge color="gray" variant="light" size="sm">
                          Akun nonaktif
                        </Badge>
                      </>
                    ) : (
                      g.account.email
                    ),
                },
              ]}
            />
            {preview.graduates.some(switchedOff) && (
              <Text size="sm" c="dimmed">
                {`${preview.graduates.filter(switchedOff).length} siswa dengan akun nonaktif tidak dipilih: mungkin sudah keluar atau pindah sekolah. Centang bila mereka memang lulus.`}
              </Text>
            )}
            {preview.failures.some(hasLeft) && (
              <Text size="sm" c="dimmed">
                {`${preview.failures.filter(hasLeft).length} siswa tercatat keluar/mutasi dan tidak dapat diluluskan.`}
              </Text>
            )}
            {preview.failures.some((f) => !hasLeft(f)) && (
              <Alert
                color="yellow"
                title={`${preview.failures.filter((f) => !hasLeft(f)).length} tidak diluluskan lagi`}
              >
                {preview.failures
                  .filter((f) => !hasLeft(f))
                  .map((f) => `${f.fullName ?? `#${f.id}`}: ${f.reason}`)
                  .join(' · ')}
              </Alert>
            )}
            {preview.graduates.length > 0 && (
              <Group>
                <ConfirmButton
                  color="blue"
                  variant="filled"
                  size="sm"
                  disabled={picked.length === 0}
                  title="Luluskan siswa"
                  message={`${picked.length} siswa akan menjadi alumni tahun ${preview.graduationYear}. Peran akun mereka berubah menjadi alumni. Lanjutkan?`}
                  confirmLabel="Ya, luluskan"
                  onConfirm={commit}
                >
                  {`Luluskan ${picked.length} siswa`}
                </ConfirmButton>
              </Group>
            )}
          </Stack>
        </Paper>
      )}
    </Stack>
  )
}
