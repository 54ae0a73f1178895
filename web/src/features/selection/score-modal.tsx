import { Alert, FileInput, NumberInput, Progress, Select, SimpleGrid, Stack, Textarea } from '@mantine/core'
import { type ReactNode, useState } from 'react'
import { api, editedElsewhere, ifMatchOrNone, unwrap, upload } from '../../api/client'
import type { paths } from '../../api/schema'
import { useForm, useVersion } from '../../components/form'
import { FormModal } from '../../components/form-modal'
import { ModalActions } from '../../components/modal-actions'
import { NotSavedAlert } from '../../components/ui'
import { formatBytes, MAX_UPLOAD, UPLOAD_TYPES } from '../../lib/files'
import { label, options } from '../../lib/labels'
import { toastError, toastOk } from '../../lib/toast'

export type ResultRow =
  paths['/api/hrd/selection-results']['get']['responses']['200']['content']['application/json']['data'][number]

const SCORES = {
  psychotest_score: 'Psikotes',
  interview_score: 'Wawancara',
  mcu_score: 'MCU',
  final_score: 'Nilai akhir',
} as const

type Headers = Record<string, string | undefined>

/** What the dialog shows of a result. */
const valuesOf = (row: ResultRow): Record<string, string | number> => ({
  psychotest_score: row.psychotestScore ?? '',
  interview_score: row.interviewScore ?? '',
  mcu_score: row.mcuScore ?? '',
  final_score: row.finalScore ?? '',
  notes: row.notes ?? '',
  decision: row.decision,
})

/** The participant's result as it is now (the list has no route of one), or null when it is not there. */
async function rowNow(row: ResultRow) {
  const query = { job_vacancy_id: row.vacancy.id, search: row.applicant.nis, per_page: 100 }
  const list = await unwrap(api.GET('/api/hrd/selection-results', { params: { query } }))
  return list.data.find((r) => r.applicationId === row.applicationId) ?? null
}

/** Sends a result form to the service with an upload's progress bar's value (null once done). */
async function sendResult(
  applicationId: number,
  body: FormData,
  setProgress: (p: number | null) => void,
  headers: Headers = {},
) {
  setProgress(0)
  try {
    await upload(
      `/api/hrd/selection-results/${applicationId}`,
      body,
      (p) => setProgress(p.total ? Math.round((p.loaded / p.total) * 100) : 0),
      headers,
    )
  } finally {
    setProgress(null)
  }
}

/** The decision letter's file field, and the upload's progress while it is sent. */
function LetterInput({
  file,
  setFile,
  error,
  progress,
  description,
  required,
}: {
  file: File | null
  setFile: (f: File | null) => void
  error: ReactNode
  progress: number | null
  description?: string
  /** The letter sent alone: there is nothing else to send. */
  required?: boolean
}) {
  return (
    <>
      <FileInput
        label={`Surat keputusan (PDF atau gambar, maks. ${formatBytes(MAX_UPLOAD)})`}
        description={description}
        accept={UPLOAD_TYPES}
        value={file}
        onChange={setFile}
        clearable
        required={required}
        error={error}
      />
      {progress !== null && (
        <Progress value={progress} size="lg" striped animated aria-label={`Mengunggah ${progress}%`} />
      )}
    </>
  )
}

/**
 * HR's scores and decision for one participant (a draft until published), with the decision letter. The save
 * goes with the version of the result the dialog was filled from: its `updatedAt` (If-Match), or, while it had
 * none (nothing entered yet), that there is still none (If-None-Match: *). Refused because a colleague changed
 * it since (a save, a publication), nothing is stored: the dialog reads the result again and shows it with what
 * HR changed kept (`useVersion`), to check and save again on top of the colleague's; the list behind is read
 * again (`onStale`).
 */
export function ScoreModal({
  row,
  onClose,
  onSaved,
  onStale,
}: {
  row: ResultRow
  onClose: () => void
  onSaved: () => void
  onStale: () => void
}) {
  const form = useForm(() => valuesOf(row))
  const version = useVersion(form, row.updatedAt)
  const [file, setFile] = useState<File | null>(null)
  const [progress, setProgress] = useState<number | null>(null)

  // A letter goes with the decision it was written for (the service detaches it when that changes).
  const letterLeaves =
    row.letter !== null && row.decision !== 'pending' && form.values.decision !== row.decision && !file

  const save = form.submit(
    async (v) => {
      if (file && file.size > MAX_UPLOAD)
        return form.setErrors({
          decision_letter: `Berkas ${formatBytes(file.size)}; maksimal ${formatBytes(MAX_UPLOAD)}.`,
        })
      const body = new FormData()
      // Every field the dialog shows, '' when emptied: the service keeps a field left out, and clears an
      // empty one, so leaving out what HR emptied would keep the old score. The version it was filled from goes along.
      for (const [k, x] of Object.entries(v)) body.append(k, String(x ?? ''))
      if (file) body.append('decision_letter', file)
      await sendResult(row.applicationId, body, setProgress, ifMatchOrNone(version.version))
      toastOk('Nilai disimpan (draf).')
      onSaved()
    },
    async (err) => {
      if (!editedElsewhere(err)) return toastError(err)
      onStale()
      const now = await rowNow(row).catch(() => null)
      version.reread(now && { values: valuesOf(now), version: now.updatedAt }, err as Error)
    },
  )

  return (
    <FormModal
      dirty={form.dirty || file !== null}
      opened
      onClose={onClose}
      title={`Nilai ${row.applicant.fullName}`}
      size="lg"
    >
      <form onSubmit={save} noValidate>
        <Stack>
          <NotSavedAlert>{version.stale}</NotSavedAlert>
          <SimpleGrid cols={2}>
            {Object.entries(SCORES).map(([name, text]) => (
              <NumberInput
                key={name}
                label={text}
                min={0}
                max={100}
                decimalScale={2}
                decimalSeparator=","
                {...form.value(name)}
              />
            ))}
          </SimpleGrid>
          <Select
            label="Keputusan"
            data={options('selectionDecision')}
            allowDeselect={false}
            value={String(form.values.decision)}
            onChange={(x) => form.set('decision', x ?? 'pending')}
            error={form.error('decision')}
          />
          <Textarea label="Catatan" {...form.text('notes')} />
          <LetterInput
            file={file}
            setFile={setFile}
            error={form.error('decision_letter')}
            progress={progress}
            description={
              row.letter
                ? `Terlampir: ${row.letter.originalName}${row.decision === 'pending' ? '' : ` (untuk keputusan "${label('selectionDecision', row.decision)}")`}. Berkas baru menggantikannya.`
                : undefined
            }
          />
          {letterLeaves && (
            <Alert color="yellow" title="Surat keputusan dilepas">
              Surat {row.letter?.originalName} dibuat untuk keputusan "
              {label('selectionDecision', row.decision)}". Dengan keputusan baru, surat itu dilepas saat
              disimpan; lampirkan surat untuk keputusan yang baru.
            </Alert>
          )}
          <ModalActions onCancel={onClose} form={form} busy={progress !== null}>
            Simpan
          </ModalActions>
        </Stack>
      </form>
    </FormModal>
  )
}

/**
 * The decision letter of a published result (accepted, not accepted, or on the waiting list; the letter was not
 * ready then): sent alone, the one thing the service still takes of an acceptance or a rejection; the result
 * stays published.
 */
export function LetterModal({
  row,
  onClose,
  onSaved,
}: {
  row: ResultRow
  onClose: () => void
  onSaved: () => void
}) {
  const form = useForm<Record<string, string>>({})
  const [file, setFile] = useState<File | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const save = form.submit(async () => {
    if (!file) return form.setErrors({ decision_letter: 'Pilih berkas surat keputusan.' })
    if (file.size > MAX_UPLOAD)
      return form.setErrors({
        decision_letter: `Berkas ${formatBytes(file.size)}; maksimal ${formatBytes(MAX_UPLOAD)}.`,
      })
    const body = new FormData()
    body.append('decision_letter', file)
    await sendResult(row.applicationId, body, setProgress)
    toastOk('Surat keputusan dilampirkan.')
    onSaved()
  })
  return (
    <FormModal
      dirty={form.dirty || file !== null}
      opened
      onClose={onClose}
      title={`Surat keputusan ${row.applicant.fullName}`}
    >
      <form onSubmit={save} noValidate>
        <Stack>
          <LetterInput
            file={file}
            setFile={setFile}
            error={form.error('decision_letter')}
            progress={progress}
            required
            description="Hasil yang sudah diumumkan tetap; pelamar dapat mengunduh suratnya di halaman lamarannya."
          />
          <ModalActions onCancel={onClose} form={form} busy={progress !== null}>
            Lampirkan
          </ModalActions>
        </Stack>
      </form>
    </FormModal>
  )
}
