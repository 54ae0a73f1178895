import { api, ifMatch, unwrap } from '../../api/client'
import { type AnyBody, CrudPage } from '../../components/crud'
import type { ListRow } from '../../lib/api-types'
import { activeColumn, activeField, descriptionField } from './fields'

/** The school's departments (bidang keahlian), each grouping majors. */
export function DepartmentsPage() {
  return (
    <CrudPage<ListRow<'/api/admin/departments'>>
      title="Bidang keahlian"
      columns={[
        { label: 'Kode', render: (r) => r.code },
        { label: 'Nama', render: (r) => r.name },
        { label: 'Kompetensi', render: (r) => r.majorCount },
        activeColumn,
      ]}
      fields={[
        { name: 'code', label: 'Kode', required: true },
        { name: 'name', label: 'Nama', required: true },
        descriptionField,
        activeField,
      ]}
      list={(query) => unwrap(api.GET('/api/admin/departments', { params: { query: query as never } }))}
      create={(body) => unwrap(api.POST('/api/admin/departments', { body: body as AnyBody }))}
      update={(id, body, version) =>
        unwrap(
          api.PUT('/api/admin/departments/{id}', {
            params: { path: { id }, header: ifMatch(version) },
            body: body as AnyBody,
          }),
        )
      }
      remove={(id) => unwrap(api.DELETE('/api/admin/departments/{id}', { params: { path: { id } } }))}
      nameOf={(r) => r.name}
      valuesOf={(r) => ({
        code: r.code,
        name: r.name,
        description: r.description ?? '',
        is_active: r.isActive,
      })}
    />
  )
}
