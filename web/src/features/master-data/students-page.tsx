import { Button, Group, Stack, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import { api, ifMatch, unwrap } from '../../api/client'
import { type AnyBody, CrudPage } from '../../components/crud'
import { useForm } from '../../components/form'
import { FormModal } from '../../components/form-modal'
import { ModalActions } from '../../components/modal-actions'
import type { ListRow } from '../../lib/api-types'
import { graduationYearNow } from '../../lib/school-zone'
import { type NameOf, namesOf, toastItemsRefused, toastOk } from '../../lib/toast'
import { PasswordLinkButton } from '../auth/password-link-button'
import { LearnerDataButton } from '../personal-data/learner-data-button'
import { accountColumn, learnerFields, learnerName, learnerValues, nameColumn } from './fields'
import { LeftBadge, LeftSchoolAction, STATUS_OPTIONS } from './left-school'
import { useMajorOptions, withCurrent } from './options'

/** The name column, a link to the student's page. */
const name = nameColumn('/admin/siswa')

/**
 * Grade-12 students: kept by the career center, made alumni when they graduate. One who left school (dropped out,
 * moved) is recorded so ("Keluar/Mutasi") and shown only under that status, with a badge.
 */
export function StudentsPage() {
  // The filter offers majors switched off since (students still finishing one); the form assigns active ones.
  const allMajors = useMajorOptions({ includeInactive: true })
  const majors = useMajorOptions()
  const [upgrade, setUpgrade] = useState<{ ids: number[]; nameOf: NameOf; reload: () => void } | null>(null)
  return (
    <>
      <CrudPage<ListRow<'/api/admin/students'>>
        title="Siswa kelas XII"
        filters={['major_id', 'class_name', 'status']}
        filterFields={[
          { name: 'major_id', label: 'Kompetensi', options: allMajors },
          { name: 'status', label: 'Status', options: STATUS_OPTIONS, placeholder: 'Siswa aktif' },
        ]}
        selectable
        wrapActions
        headerActions={(ids, reload, shown) => (
          <Button
            size="xs"
            variant="light"
            disabled={!ids.length}
            onClick={() => setUpgrade({ ids, nameOf: namesOf(shown, (r) => r.fullName), reload })}
          >
            Jadikan alumni ({ids.length})
          </Button>
        )}
        columns={[
          {
            label: name.label,
            render: (r) =>
              r.left ? (
                <Group gap={6} wrap="nowrap">
                  {name.render(r)}
                  <LeftBadge left={r.left} />
                </Group>
              ) : (
                name.render(r)
              ),
          },
          { label: 'Kompetensi', render: (r) => `${r.major.name}${r.className ? ` · ${r.className}` : ''}` },
          accountColumn,
        ]}
        fields={(r) => learnerFields(withCurrent(majors, r?.major), false, r)}
        list={(query) => unwrap(api.GET('/api/admin/students', { params: { query: query as never } }))}
        create={(body) => unwrap(api.POST('/api/admin/students', { body: body as AnyBody }))}
        update={(id, body, version) =>
          unwrap(
            api.PUT('/api/admin/students/{id}', {
              params: { path: { id }, header: ifMatch(version) },
              body: body as AnyBody,
            }),
          )
        }
        remove={(id) => unwrap(api.DELETE('/api/admin/students/{id}', { params: { path: { id } } }))}
        nameOf={learnerName}
        valuesOf={learnerValues}
        extraActions={(r, reload) => (
          <>
            {r.account?.isActive && <PasswordLinkButton userId={r.account.id} email={r.account.email} />}
            <LeftSchoolAction learner={r} onDone={reload} />
            <LearnerDataButton kind="students" learner={r} />
          </>
        )}
      />
      {upgrade && (
        <UpgradeModal
          ids={upgrade.ids}
          nameOf={upgrade.nameOf}
          onClose={() => setUpgrade(null)}
          onDone={upgrade.reload}
        />
      )}
    </>
  )
}

function UpgradeModal({
  ids,
  nameOf,
  onClose,
  onDone,
}: {
  ids: number[]
  nameOf: NameOf
  onClose: () => void
  onDone: () => void
}) {
  const form = useForm({ graduation_year: String(graduationYearNow()) })
  const upgrade = form.submit(
    async ({ graduation_year }) => {
      const r = await unwrap(
        api.POST('/api/admin/alumni/upgrade', {
          body: { student_ids: ids, graduation_year: Number(graduation_year) } as AnyBody,
        }),
      )
      toastOk(`${r.data.upgraded} siswa menjadi alumni.`)
      onClose()
      onDone()
    },
    // All or nothing: say which of the ticked students stopped it, and why (already an alumnus…).
    (err) => toastItemsRefused(err, 'student_ids', ids, nameOf),
  )
  return (
    <FormModal dirty={form.dirty} opened onClose={onClose} title="Jadikan alumni" centered>
      <Stack>
        <Text size="sm">
          {ids.length} siswa akan menjadi alumni; akun mereka berubah peran menjadi alumni.
        </Text>
        <TextInput label="Tahun lulus" inputMode="numeric" {...form.text('graduation_year')} />
        <ModalActions onCancel={onClose} onConfirm={() => upgrade()} form={form}>
          Jadikan alumni
        </ModalActions>
      </Stack>
    </FormModal>
  )
}
