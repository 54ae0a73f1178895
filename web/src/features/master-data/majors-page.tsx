import { api, ifMatch, unwrap } from '../../api/client'
import { type AnyBody, CrudPage } from '../../components/crud'
import type { ListRow } from '../../lib/api-types'
import { toastWarn } from '../../lib/toast'
import { activeColumn, activeField, descriptionField } from './fields'
import { useDepartmentOptions } from './options'

/** The school's majors (kompetensi keahlian), each in a department. */
export function MajorsPage() {
  const departments = useDepartmentOptions()
  return (
    <CrudPage<ListRow<'/api/admin/majors'>>
      title="Kompetensi keahlian"
      filters={['department_id']}
      filterFields={[{ name: 'department_id', label: 'Bidang', options: departments }]}
      columns={[
        { label: 'Kode', render: (r) => r.code },
        { label: 'Nama', render: (r) => r.name },
        { label: 'Bidang', render: (r) => r.department.name },
        { label: 'Siswa / alumni', render: (r) => `${r.studentCount} / ${r.alumniCount}` },
        activeColumn,
      ]}
      fields={[
        {
          name: 'department_id',
          label: 'Bidang keahlian',
          type: 'select',
          options: departments,
          required: true,
        },
        { name: 'code', label: 'Kode', required: true },
        { name: 'name', label: 'Nama', required: true },
        descriptionField,
        activeField,
      ]}
      list={(query) => unwrap(api.GET('/api/admin/majors', { params: { query: query as never } }))}
      create={(body) => unwrap(api.POST('/api/admin/majors', { body: body as AnyBody }))}
      update={async (id, body, version, row) => {
        const r = await unwrap(
          api.PUT('/api/admin/majors/{id}', {
            params: { path: { id }, header: ifMatch(version) },
            body: body as AnyBody,
          }),
        )
        // Switched off while it has learners: the answer says they see only vacancies naming this major.
        if (row.isActive && !r.data.isActive && r.data.studentCount + r.data.alumniCount > 0)
          toastWarn(r.message)
      }}
      remove={(id) => unwrap(api.DELETE('/api/admin/majors/{id}', { params: { path: { id } } }))}
      nameOf={(r) => r.name}
      valuesOf={(r) => ({
        department_id: String(r.department.id),
        code: r.code,
        name: r.name,
        description: r.description ?? '',
        is_active: r.isActive,
      })}
    />
  )
}
