import { SegmentedControl, Select, SimpleGrid, Stack, Text, Textarea, TextInput } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { api, editedElsewhere, ifMatch, unwrap } from '../../api/client'
import type { AnyBody } from '../../components/crud'
import { DateField } from '../../components/dates'
import { useForm, useVersion } from '../../components/form'
import { FormModal } from '../../components/form-modal'
import { ModalActions } from '../../components/modal-actions'
import { NotSavedAlert } from '../../components/ui'
import type { ListRow } from '../../lib/api-types'
import { toastError, toastOk } from '../../lib/toast'
import { useCompanyOptions, withCurrent } from '../master-data/options'

/** A placement as both lists show it (staff's and HR's share the shape). */
export type PlacementRow = ListRow<'/api/admin/job-placements'>

type LearnerOption = { value: string; label: string; kind: 'siswa' | 'alumni' }

/** Who records: staff (any employer) or HR (its own company, so no employer in the form). */
export type Recorder = 'admin' | 'hrd'

/**
 * Learners whose name or NIS matches what is typed (HR: from 3 characters), refreshed as one types; the
 * text of the picked learner (which the select shows once picked) is not searched again.
 */
function useLearnerSearch(who: Recorder, picked: LearnerOption | null) {
  const [search, setSearch] = useState('')
  const [found, setFound] = useState<LearnerOption[]>(picked ? [picked] : [])
  const pickedLabel = picked?.label
  useEffect(() => {
    const text = search.trim()
    if (text.length < (who === 'hrd' ? 3 : 1) || text === pickedLabel) return
    let alive = true
    const timer = setTimeout(async () => {
      const query = { search: text.slice(0, 100), limit: 10 }
      try {
        const res =
          who === 'admin'
            ? await unwrap(api.GET('/api/admin/job-placements/learners', { params: { query } }))
            : await unwrap(api.GET('/api/hrd/job-placements/learners', { params: { query } }))
        if (!alive) return
        setFound(
          res.data.map((o) => ({
            value: String(o.value),
            label: `${o.label} (${o.kind === 'alumni' ? `alumni ${o.graduationYear}` : 'siswa kelas XII'}, ${o.majorName})`,
            kind: o.kind,
          })),
        )
      } catch (err) {
        if (alive) toastError(err)
      }
    }, 250)
    return () => {
      alive = false
      clearTimeout(timer)
    }
  }, [search, who, pickedLabel])
  return { search, setSearch, found }
}

/** What the form holds of a placement (as the list or its detail has it). */
type Stored = Pick<PlacementRow, 'applicant' | 'company' | 'position' | 'acceptedAt' | 'startDate' | 'notes'>

const learnerOf = (p: Stored): LearnerOption => ({
  value: String(p.applicant.studentId),
  label: `${p.applicant.nis} - ${p.applicant.fullName}`,
  kind: p.applicant.role,
})

const valuesOf = (p: Stored | null) => ({
  learner: p ? String(p.applicant.studentId) : '',
  employer: p && p.company.id === null ? 'lain' : 'mitra',
  company_id: p?.company.id ? String(p.company.id) : '',
  company_name: p && p.company.id === null ? p.company.name : '',
  position: p?.position ?? '',
  accepted_date: p?.acceptedAt ?? '',
  start_date: p?.startDate ?? '',
  notes: p?.notes ?? '',
})

/**
 * Records (or changes) a placement found outside bursa: the learner (a student or an alumnus, picked by
 * name or NIS), for staff the employer (a partner company, or another one by name), the position and
 * the dates. The service checks everything and answers at the fields. A change goes with the placement's
 * version as the list showed it (If-Match): changed since by someone else, it is refused (412), nothing is
 * stored, and the form reads the placement again and shows it with what the user changed kept (`useVersion`),
 * to check and save again on top of the other change; the list behind is read again.
 */
export function OutsidePlacementForm({
  who,
  editing,
  onClose,
  onSaved,
}: {
  who: Recorder
  editing: PlacementRow | null
  onClose: () => void
  onSaved: () => void
}) {
  const [picked, setPicked] = useState<LearnerOption | null>(editing && learnerOf(editing))
  // The learner the form was filled with: the user's pick is what differs from it (carried over a refusal).
  const learnerWas = useRef(picked?.value)
  const learners = useLearnerSearch(who, picked)
  const form = useForm(() => valuesOf(editing))
  const version = useVersion(form, editing?.updatedAt ?? null)
  const v = form.values
  /** A refusal: its message; one because the placement changed since it was read, the placement read again. */
  const stale = async (err: unknown) => {
    if (!editing || !editedElsewhere(err)) return toastError(err)
    onSaved()
    const params = { path: { id: editing.id } }
    const now = await unwrap(
      who === 'admin'
        ? api.GET('/api/admin/job-placements/{id}', { params })
        : api.GET('/api/hrd/job-placements/{id}', { params }),
    ).catch(() => null)
    version.reread(now && { values: valuesOf(now.data), version: now.data.updatedAt }, err as Error)
    if (!now) return
    const theirs = learnerOf(now.data)
    setPicked((mine) => (mine?.value === learnerWas.current ? theirs : mine))
    learnerWas.current = theirs.value
  }

  const submit = form.submit(async () => {
    const body: Record<string, unknown> = {
      position: v.position.trim(),
      accepted_date: v.accepted_date,
      start_date: v.start_date || null,
      notes: v.notes.trim() || null,
    }
    if (picked) body[picked.kind === 'alumni' ? 'alumni_id' : 'student_id'] = Number(picked.value)
    if (who === 'admin') {
      if (v.employer === 'mitra' && v.company_id) body.company_id = Number(v.company_id)
      if (v.employer === 'lain' && v.company_name.trim()) body.company_name = v.company_name.trim()
    }
    if (!v.accepted_date) return form.setErrors({ accepted_date: 'Isi tanggal diterima.' })
    const b = body as AnyBody
    const params = editing && { path: { id: editing.id }, header: ifMatch(version.version ?? undefined) }
    const res = params
      ? who === 'admin'
        ? await unwrap(api.PUT('/api/admin/job-placements/{id}', { params, body: b }))
        : await unwrap(api.PUT('/api/hrd/job-placements/{id}', { params, body: b }))
      : who === 'admin'
        ? await unwrap(api.POST('/api/admin/job-placements', { body: b }))
        : await unwrap(api.POST('/api/hrd/job-placements', { body: b }))
    toastOk(res.message || 'Penempatan disimpan.')
    onSaved()
    onClose()
  }, stale)

  const learnerError = form.error('student_id') ?? form.error('alumni_id')
  const options =
    picked && !learners.found.some((o) => o.value === picked.value)
      ? [picked, ...learners.found]
      : learners.found

  return (
    <FormModal
      dirty={form.dirty || picked?.value !== learnerWas.current}
      opened
      onClose={onClose}
      size="lg"
      title={editing ? 'Ubah penempatan di luar bursa' : 'Catat penempatan di luar bursa'}
    >
      <form onSubmit={submit} noValidate aria-label="Formulir penempatan di luar bursa">
        <Stack>
          <NotSavedAlert>{version.stale}</NotSavedAlert>
          <Text size="sm" c="dimmed">
            Untuk siswa atau alumni yang diterima bekerja tanpa melamar lewat bursa. Penempatan ini ikut
            dipantau pada bulan ke-3, 6 dan 12, dihitung dalam laporan keterserapan, dan mengisi awal tracer
            study alumni.
          </Text>
          <Select
            label="Siswa / alumni"
            required
            searchable
            allowDeselect={false}
            placeholder={who === 'hrd' ? 'Ketik nama atau NIS (min. 3 huruf)' : 'Ketik nama atau NIS'}
            data={options}
            value={picked?.value ?? null}
            searchValue={learners.search}
            onSearchChange={learners.setSearch}
            onChange={(value) => setPicked(options.find((o) => o.value === value) ?? null)}
            filter={({ options: all }) => all}
            nothingFoundMessage={learners.search.trim() ? 'Tidak ada yang cocok.' : 'Ketik untuk mencari.'}
            error={learnerError}
          />
          {who === 'admin' && (
            <>
              <SegmentedControl
                aria-label="Jenis perusahaan"
                value={v.employer}
                onChange={(x) => form.set('employer', x)}
                data={[
                  { value: 'mitra', label: 'Perusahaan mitra' },
                  { value: 'lain', label: 'Perusahaan lain' },
                ]}
              />
              {v.employer === 'mitra' ? (
                <PartnerPicker
                  held={editing?.company.id ? { id: editing.company.id, name: editing.company.name } : null}
                  value={v.company_id}
                  onChange={(x) => form.set('company_id', x)}
                  error={form.error('company_id') ?? form.error('company_name')}
                />
              ) : (
                <TextInput
                  label="Nama perusahaan"
                  required
                  maxLength={150}
                  {...form.text('company_name')}
                  error={form.error('company_name') ?? form.error('company_id')}
                />
              )}
            </>
          )}
          <TextInput label="Posisi / jabatan" required maxLength={150} {...form.text('position')} />
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <DateField label="Tanggal diterima" required {...form.value('accepted_date')} />
            <DateField label="Mulai bekerja" min={form.values.accepted_date} {...form.value('start_date')} />
          </SimpleGrid>
          <Textarea label="Catatan" autosize minRows={2} maxLength={2000} {...form.text('notes')} />
          <ModalActions onCancel={onClose} form={form}>
            Simpan
          </ModalActions>
        </Stack>
      </form>
    </FormModal>
  )
}

/**
 * The partner companies to pick from (staff only: the list is the career center's): active ones, and the one a
 * placement being changed holds if it was switched off since.
 */
function PartnerPicker({
  held,
  value,
  onChange,
  error,
}: {
  held: { id: number; name: string } | null
  value: string
  onChange: (value: string) => void
  error?: string
}) {
  const companies = withCurrent(useCompanyOptions(), held)
  return (
    <Select
      label="Perusahaan mitra"
      required
      searchable
      allowDeselect={false}
      data={companies}
      value={value || null}
      onChange={(x) => onChange(x ?? '')}
      error={error}
    />
  )
}
