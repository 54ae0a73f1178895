import { Anchor } from '@mantine/core'
import { Link } from 'react-router'
import type { Column, Field } from '../../components/crud'
import { Lines } from '../../components/data-table'
import { useFromList } from '../../components/detail-header'
import { label, options } from '../../lib/labels'

/** A record's free description, and its on/off switch (departments, majors, companies). */
export const descriptionField: Field = { name: 'description', label: 'Deskripsi', type: 'textarea' }
export const activeField: Field = { name: 'is_active', label: 'Aktif', type: 'switch' }

/** Whether a record is switched on, in words. */
export const activeColumn: Column<{ isActive: boolean }> = {
  label: 'Status',
  render: (r) => label('isActive', r.isActive),
}

/**
 * The form of a student or an alumnus (the year of graduation for alumni only). A sign-in account is made with
 * the record, or later for a record that has none (`row` without an account): its first password is given here.
 */
export const learnerFields = (
  majors: { value: string; label: string }[],
  alumni: boolean,
  row: { account: unknown } | null,
): Field[] => [
  { name: 'nis', label: 'NIS', required: true },
  { name: 'full_name', label: 'Nama lengkap', required: true },
  { name: 'major_id', label: 'Kompetensi keahlian', type: 'select', options: majors, required: true },
  { name: 'class_name', label: 'Kelas' },
  ...(alumni
    ? [{ name: 'graduation_year', label: 'Tahun lulus', type: 'number', required: true } as Field]
    : []),
  { name: 'gender', label: 'Jenis kelamin', type: 'select', options: options('gender') },
  { name: 'birth_date', label: 'Tanggal lahir', type: 'date' },
  { name: 'phone', label: 'Telepon' },
  { name: 'email', label: 'E-mail', type: 'email' },
  { name: 'address', label: 'Alamat' },
  ...(row?.account
    ? []
    : ([
        { name: 'create_account', label: 'Buat akun untuk masuk', type: 'switch' },
        { name: 'password', label: 'Kata sandi awal akun (wajib untuk membuat akun)', type: 'password' },
      ] as Field[])),
]

interface Learner {
  nis: string
  fullName: string
  major: { id: number; name: string }
  className: string | null
  gender: string | null
  birthDate: string | null
  phone: string | null
  email: string | null
  address: string | null
  account: { email: string } | null
}

const s = (v: string | null | undefined) => v ?? ''

/** A student's or an alumnus's row as the form's values. */
export const learnerValues = (r: Learner) => ({
  nis: r.nis,
  full_name: r.fullName,
  major_id: String(r.major.id),
  class_name: s(r.className),
  gender: s(r.gender),
  birth_date: s(r.birthDate),
  phone: s(r.phone),
  email: s(r.email),
  address: s(r.address),
})

/** The name, a link to the learner's page (her applications, placements, tracer study), with the NIS under it. */
function LearnerLink({ learner: r, to }: { learner: Learner & { id: number }; to: string }) {
  const fromList = useFromList()
  return (
    <Lines
      bold
      main={
        <Anchor component={Link} to={`${to}/${r.id}`} state={fromList} inherit>
          {r.fullName}
        </Anchor>
      }
      sub={`NIS ${r.nis}`}
    />
  )
}

/** The name column of the students' (`/admin/siswa`) or the alumni's (`/admin/alumni`) list. */
export const nameColumn = (to: '/admin/siswa' | '/admin/alumni'): Column<Learner & { id: number }> => ({
  label: 'Nama',
  render: (r) => <LearnerLink learner={r} to={to} />,
})

/** The learner as a row's controls name them: the name and, for two of the same name, the NIS. */
export const learnerName = (r: Learner) => `${r.fullName} (NIS ${r.nis})`

/** The learner's login, when they have one. */
export const accountColumn: Column<Learner> = {
  label: 'Akun',
  render: (r) => (r.account ? r.account.email : '–'),
}
