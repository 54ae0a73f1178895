import { Badge, Button, Select, Stack, Text, Textarea } from '@mantine/core'
import { useState } from 'react'
import { api, unwrap } from '../../api/client'
import { ConfirmButton } from '../../components/confirm'
import { DateField } from '../../components/dates'
import { useForm } from '../../components/form'
import { FormModal } from '../../components/form-modal'
import { ModalActions } from '../../components/modal-actions'
import { schoolTimeZone } from '../../lib/school-zone'
import { toastError, toastOk } from '../../lib/toast'

/** Why a student left school: the service's codes (`keluar`, `mutasi`), in words. */
export const LEFT_REASONS = [
  { value: 'keluar', label: 'Keluar (putus sekolah)' },
  { value: 'mutasi', label: 'Mutasi (pindah sekolah)' },
]

/** The students' list status filter: at school by default (no value), those who left, or both. */
export const STATUS_OPTIONS = [
  { value: 'left', label: 'Keluar/Mutasi' },
  { value: 'all', label: 'Semua status' },
]

/** Today on the school's calendar (`YYYY-MM-DD`), the latest day a student can have left. */
const schoolToday = () => new Intl.DateTimeFormat('en-CA', { timeZone: schoolTimeZone }).format(new Date())

interface Left {
  date: string
  reason: 'keluar' | 'mutasi'
  note: string | null
}

/** The badge of a student recorded as having left, saying since when and why in its title. */
export function LeftBadge({ left }: { left: Pick<Left, 'date' | 'reason'> }) {
  const reason = LEFT_REASONS.find((r) => r.value === left.reason)?.label ?? left.reason
  return (
    <Badge color="orange" variant="light" size="sm" title={`${reason}, sejak ${left.date}`}>
      Keluar/Mutasi
    </Badge>
  )
}

/**
 * The row's action: "Keluar/Mutasi" opens the dialog for a student at school; for one recorded as having left,
 * "Batalkan keluar/mutasi" takes a mistake back (their account stays off and their closed applications closed).
 */
export function LeftSchoolAction({
  learner,
  onDone,
}: {
  learner: { id: number; fullName: string; left: Left | null }
  onDone: () => void
}) {
  const [open, setOpen] = useState(false)
  if (learner.left)
    return (
      <ConfirmButton
        title="Batalkan keluar/mutasi?"
        message={`${learner.fullName} kembali tercatat sebagai siswa kelas XII. Lamaran yang sudah ditutup tetap ditutup, dan akunnya tetap nonaktif sampai diaktifkan lewat menu Pengguna.`}
        confirmLabel="Ya, batalkan"
        onConfirm={() =>
          unwrap(api.DELETE('/api/admin/students/{id}/left', { params: { path: { id: learner.id } } })).then(
            (r) => {
              toastOk(r.message)
              onDone()
            },
            toastError,
          )
        }
      >
        Batalkan keluar/mutasi
      </ConfirmButton>
    )
  return (
    <>
      <Button size="xs" variant="light" color="orange" onClick={() => setOpen(true)}>
        Keluar/Mutasi
      </Button>
      {open && (
        <LeftSchoolModal
          learner={learner}
          onClose={() => setOpen(false)}
          onDone={() => {
            setOpen(false)
            onDone()
          }}
        />
      )}
    </>
  )
}

/**
 * Records that a grade-12 student left school: the day (the school's, not after today), dropped out or moved, and
 * a note. Saying what follows before it is done: the account goes off and the applications still open close.
 */
export function LeftSchoolModal({
  learner,
  onClose,
  onDone,
}: {
  learner: { id: number; fullName: string }
  onClose: () => void
  onDone: () => void
}) {
  const today = schoolToday()
  const form = useForm({ date: today, reason: '', note: '' })
  const save = form.submit(async ({ date, reason, note }) => {
    const errors: Record<string, string> = {}
    if (!date) errors.date = 'Isi tanggal keluar/mutasi.'
    if (!reason) errors.reason = 'Pilih alasannya.'
    if (Object.keys(errors).length) return form.setErrors(errors)
    const r = await unwrap(
      api.POST('/api/admin/students/{id}/left', {
        params: { path: { id: learner.id } },
        body: { date, reason: reason as Left['reason'], ...(note.trim() ? { note: note.trim() } : {}) },
      }),
    )
    toastOk(r.message)
    onDone()
  })
  return (
    <FormModal dirty={form.dirty} opened onClose={onClose} title="Keluar/Mutasi" centered>
      <form onSubmit={save} noValidate>
        <Stack>
          <Text size="sm">
            {learner.fullName} dicatat keluar atau pindah sekolah. Akunnya dinonaktifkan dan lamaran yang
            masih berjalan ditutup. Ia tidak lagi muncul di daftar siswa, kelulusan, dan laporan.
          </Text>
          <DateField label="Tanggal keluar/mutasi" required max={today} {...form.value('date')} />
          <Select
            label="Alasan"
            placeholder="Pilih alasan"
            data={LEFT_REASONS}
            required
            allowDeselect={false}
            {...form.value('reason')}
          />
          <Textarea
            label="Catatan"
            placeholder="mis. pindah ke SMK Negeri 2 Bandung"
            autosize
            minRows={2}
            maxLength={500}
            {...form.text('note')}
          />
          <ModalActions onCancel={onClose} form={form} color="orange">
            Simpan keluar/mutasi
          </ModalActions>
        </Stack>
      </form>
    </FormModal>
  )
}
