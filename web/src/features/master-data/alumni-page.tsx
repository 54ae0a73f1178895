import { api, ifMatch, unwrap } from '../../api/client'
import { ConfirmButton } from '../../components/confirm'
import { type AnyBody, CrudPage } from '../../components/crud'
import type { ListRow } from '../../lib/api-types'
import { toastError, toastOk } from '../../lib/toast'
import { PasswordLinkButton } from '../auth/password-link-button'
import { LearnerDataButton } from '../personal-data/learner-data-button'
import { accountColumn, learnerFields, learnerName, learnerValues, nameColumn } from './fields'
import { useMajorOptions, withCurrent } from './options'

/** Graduates: kept by the career center (their accounts follow them into the alumni screens). */
export function AlumniPage() {
  // The filter offers majors switched off since (their alumni stay); the form assigns active ones only.
  const allMajors = useMajorOptions({ includeInactive: true })
  const majors = useMajorOptions()
  return (
    <CrudPage<ListRow<'/api/admin/alumni'>>
      title="Alumni"
      filters={['major_id', 'graduation_year']}
      filterFields={[{ name: 'major_id', label: 'Kompetensi', options: allMajors }]}
      columns={[
        nameColumn('/admin/alumni'),
        { label: 'Kompetensi', render: (r) => r.major.name },
        { label: 'Lulus', render: (r) => r.graduationYear ?? '–' },
        accountColumn,
      ]}
      fields={(r) => learnerFields(withCurrent(majors, r?.major), true, r)}
      list={(query) => unwrap(api.GET('/api/admin/alumni', { params: { query: query as never } }))}
      create={(body) => unwrap(api.POST('/api/admin/alumni', { body: body as AnyBody }))}
      update={(id, body, version) =>
        unwrap(
          api.PUT('/api/admin/alumni/{id}', {
            params: { path: { id }, header: ifMatch(version) },
            body: body as AnyBody,
          }),
        )
      }
      remove={(id) => unwrap(api.DELETE('/api/admin/alumni/{id}', { params: { path: { id } } }))}
      nameOf={learnerName}
      valuesOf={(r) => ({ ...learnerValues(r), graduation_year: String(r.graduationYear ?? '') })}
      extraActions={(r, reload) => (
        <>
          {r.account?.isActive && <PasswordLinkButton userId={r.account.id} email={r.account.email} />}
          {r.graduationYear !== null && <UndoGraduation alumnus={r} onDone={reload} />}
          <LearnerDataButton kind="alumni" learner={r} />
        </>
      )}
    />
  )
}

/** A graduation by mistake taken back: the alumnus goes back to grade 12 (refused, with the reason, once they acted as one). */
function UndoGraduation({ alumnus, onDone }: { alumnus: ListRow<'/api/admin/alumni'>; onDone: () => void }) {
  return (
    <ConfirmButton
      color="orange"
      title="Batalkan kelulusan?"
      message={`${alumnus.fullName} kembali menjadi siswa kelas XII; peran akunnya kembali siswa.`}
      confirmLabel="Ya, batalkan kelulusan"
      aria-label={`Batalkan kelulusan ${alumnus.fullName}`}
      onConfirm={() =>
        unwrap(
          api.POST('/api/admin/graduations/undo', {
            body: { graduation_year: alumnus.graduationYear as number, student_ids: [alumnus.id] },
          }),
        ).then((r) => {
          if (r.data.failed > 0) toastError(new Error(r.data.failures[0].reason))
          else toastOk(r.message)
          onDone()
        }, toastError)
      }
    >
      Batal lulus
    </ConfirmButton>
  )
}
