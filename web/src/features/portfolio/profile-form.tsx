import {
  ActionIcon,
  Alert,
  Button,
  Group,
  NumberInput,
  Select,
  SimpleGrid,
  Stack,
  TagsInput,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { api, editedElsewhere, ifMatch, unwrap } from '../../api/client'
import type { paths } from '../../api/schema'
import { DateField } from '../../components/dates'
import { REBASED, rebase, useForm } from '../../components/form'
import { LeaveGuard } from '../../components/leave-guard'
import { SubmitButton } from '../../components/submit-button'
import { toastError, toastOk } from '../../lib/toast'
import { useMe } from '../auth/session'

type Profile =
  paths['/api/siswa/portfolio/profile']['get']['responses']['200']['content']['application/json']['data']
type Body = NonNullable<
  paths['/api/siswa/portfolio/profile']['put']['requestBody']
>['content']['application/json']

/** One school or course of the learner's history, as the form holds it. */
interface Schooling {
  level: string
  institution: string
  major: string
  start_year: number | string
  end_year: number | string
}

const MAX_SKILLS = 30
const MAX_SCHOOLING = 10

function valuesOf(d: Profile) {
  return {
    skills: d.skills,
    education: d.education.map(
      (e): Schooling => ({
        level: e.level,
        institution: e.institution,
        major: e.major ?? '',
        start_year: e.startYear ?? '',
        end_year: e.endYear ?? '',
      }),
    ),
    phone: d.phone ?? '',
    email: d.email ?? '',
    birth_place: d.birthPlace ?? '',
    birth_date: d.birthDate ?? '',
    address: d.address ?? '',
    city: d.city ?? '',
    province: d.province ?? '',
    summary: d.summary ?? '',
    linkedin: d.socialMedia.linkedin ?? '',
    instagram: d.socialMedia.instagram ?? '',
    github: d.socialMedia.github ?? '',
    website: d.socialMedia.website ?? '',
  }
}
type Values = ReturnType<typeof valuesOf>

type TextKey = Exclude<keyof Values, 'skills' | 'education'>
const year = (y: number | string) => (typeof y === 'number' ? y : y.trim() === '' ? null : Number(y))

function bodyOf(form: Values): Body {
  const v = (k: TextKey) => form[k].trim() || null
  return {
    skills: form.skills.map((s) => s.trim()).filter(Boolean),
    education: form.education.map((e) => ({
      level: e.level,
      institution: e.institution.trim(),
      major: e.major.trim() || null,
      start_year: year(e.start_year),
      end_year: year(e.end_year),
    })),
    phone: v('phone'),
    email: v('email'),
    birth_place: v('birth_place'),
    birth_date: v('birth_date'),
    address: v('address'),
    city: v('city'),
    province: v('province'),
    summary: v('summary'),
    social_media: {
      linkedin: v('linkedin'),
      instagram: v('instagram'),
      github: v('github'),
      website: v('website'),
    },
  }
}

/** What the form offers to pick: skills others wrote, and the levels of schooling. */
export interface ProfileChoices {
  skills: string[]
  educationLevels: { value: string | number; label: string }[]
}

/**
 * The learner's biodata, contacts, skills, schooling and social media. Skills and schooling are what HR reads on
 * an application (the service kept them; no screen let the learner write them).
 */
export function ProfileForm({
  profile,
  choices,
  onSaved,
}: {
  profile: Profile
  choices?: ProfileChoices
  onSaved: () => void
}) {
  const me = useMe()
  const form = useForm(() => valuesOf(profile))
  const { setValues } = form
  // What the form was filled from (the user's changes are what differs from it), and the record's version then.
  const base = useRef(valuesOf(profile))
  const version = useRef(profile.updatedAt)
  // The user's own save: the next profile read is what they saved, as the service stored it.
  const ownSave = useRef(false)
  // Said above the form after a save refused because staff changed the record meanwhile.
  const [stale, setStale] = useState(false)
  // What the last save sent, until the profile is read again: nothing of it is lost by leaving meanwhile.
  const saved = useRef<string | null>(null)
  // Each profile read moves the form to its version. Changed biodata (their own save, or staff's change read
  // after a refused save) fills the form again, keeping what the user changed and has not saved (`rebase`); the
  // page reloads the whole profile after a file is uploaded or deleted, and that must not throw away what was
  // typed. A version moved by staff on a field not in this form (the class) changes no value.
  // biome-ignore lint/correctness/useExhaustiveDependencies: a new version stands for a new read of the profile
  useEffect(() => {
    const theirs = valuesOf(profile)
    const was = base.current
    const reset = ownSave.current
    ownSave.current = false
    if (JSON.stringify(theirs) !== JSON.stringify(was))
      setValues((mine) => (reset ? theirs : rebase(was, mine, theirs)))
    base.current = theirs
    version.current = profile.updatedAt
    saved.current = null
  }, [profile.updatedAt, setValues])
  // Changed here and not saved (measured against the profile as last read): leaving the page asks first.
  const now = JSON.stringify(form.values)
  const unsaved = !form.busy && now !== JSON.stringify(base.current) && now !== saved.current
  const field = (name: TextKey) => {
    const props = form.text(name)
    // A social-media link's message comes back as `social_media.<name>`.
    return { ...props, error: props.error ?? form.error(`social_media.${name}`) }
  }
  const save = form.submit(
    async (values) => {
      const body = bodyOf(values)
      // The version the form's values were read at: a change staff made since is refused (412), not undone.
      const params = { header: ifMatch(version.current) }
      const res =
        me.role === 'alumni'
          ? await unwrap(api.PUT('/api/alumni/portfolio/profile', { params, body }))
          : await unwrap(api.PUT('/api/siswa/portfolio/profile', { params, body }))
      // Saved: the next save is made on this version, even before the page has read the profile again.
      version.current = res.data.updatedAt
      ownSave.current = true
      saved.current = JSON.stringify(values)
      setStale(false)
      toastOk('Profil disimpan.')
      onSaved()
    },
    (err) => {
      // Staff changed the record since the form was filled: the profile is read again and the form takes it,
      // keeping what the learner changed, for them to check and save again.
      if (editedElsewhere(err)) {
        setStale(true)
        onSaved()
      } else toastError(err)
    },
  )
  return (
    <form onSubmit={save} noValidate>
      <LeaveGuard when={unsaved} />
      {stale && (
        <Alert color="orange" role="alert" title="Belum disimpan" mb="md">
          {REBASED}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Nomor telepon" type="tel" autoComplete="tel" {...field('phone')} />
        <TextInput
          label="E-mail kontak"
          type="email"
          description="Pemberitahuan lamaran dan undangan tes dikirim ke alamat ini; tautan kata sandi tetap ke e-mail login."
          {...field('email')}
        />
        <TextInput label="Tempat lahir" {...field('birth_place')} />
        <DateField label="Tanggal lahir" {...form.value('birth_date')} />
        <TextInput label="Alamat" {...field('address')} />
        <TextInput label="Kota" {...field('city')} />
        <TextInput label="Provinsi" {...field('province')} />
        <TextInput label="LinkedIn" {...field('linkedin')} />
        <TextInput label="Instagram" {...field('instagram')} />
        <TextInput label="GitHub" {...field('github')} />
        <TextInput label="Situs web" {...field('website')} />
      </SimpleGrid>
      <Textarea mt="sm" label="Ringkasan diri" autosize minRows={3} {...form.text('summary')} />
      <TagsInput
        mt="sm"
        label="Keahlian"
        description="Ketik lalu tekan Enter, atau pilih dari saran."
        data={choices?.skills ?? []}
        maxTags={MAX_SKILLS}
        clearable
        value={form.values.skills}
        onChange={(skills) => form.set('skills', skills)}
        error={form.error('skills')}
      />
      <SchoolingList form={form} levels={choices?.educationLevels ?? []} />
      <Group mt="md">
        <SubmitButton form={form}>Simpan profil</SubmitButton>
      </Group>
    </form>
  )
}

/** The learner's schooling and courses, one row each (up to 10): added, changed and removed in place. */
function SchoolingList({
  form,
  levels,
}: {
  form: ReturnType<typeof useForm<Values>>
  levels: ProfileChoices['educationLevels']
}) {
  const rows = form.values.education
  const change = (i: number, patch: Partial<Schooling>) =>
    form.set(
      'education',
      rows.map((r, j) => (j === i ? { ...r, ...patch } : r)),
    )
  const data = levels.map((l) => ({ value: String(l.value), label: l.label }))
  return (
    <Stack gap="xs" mt="md">
      <Title order={3} size="h5">
        Riwayat pendidikan
      </Title>
      {rows.length === 0 && (
        <Text size="sm" c="dimmed">
          Belum diisi.
        </Text>
      )}
      {rows.map((r, i) => (
        <Group key={i} align="flex-end" gap="xs" wrap="wrap" role="group" aria-label={`Pendidikan ${i + 1}`}>
          <Select
            label="Jenjang"
            required
            data={data}
            value={r.level || null}
            onChange={(level) => change(i, { level: level ?? '' })}
            error={form.error(`education.${i}.level`)}
            w={170}
          />
          <TextInput
            label="Nama sekolah / lembaga"
            required
            maxLength={150}
            value={r.institution}
            onChange={(e) => change(i, { institution: e.currentTarget.value })}
            error={form.error(`education.${i}.institution`)}
            style={{ flex: '1 1 200px' }}
          />
          <TextInput
            label="Jurusan"
            maxLength={100}
            value={r.major}
            onChange={(e) => change(i, { major: e.currentTarget.value })}
            error={form.error(`education.${i}.major`)}
            style={{ flex: '1 1 160px' }}
          />
          <NumberInput
            label="Tahun masuk"
            min={1950}
            max={2100}
            allowDecimal={false}
            thousandSeparator={false}
            value={r.start_year}
            onChange={(y) => change(i, { start_year: y })}
            error={form.error(`education.${i}.start_year`)}
            w={110}
          />
          <NumberInput
            label="Tahun lulus"
            min={1950}
            max={2100}
            allowDecimal={false}
            thousandSeparator={false}
            value={r.end_year}
            onChange={(y) => change(i, { end_year: y })}
            error={form.error(`education.${i}.end_year`)}
            w={110}
          />
          <ActionIcon
            variant="subtle"
            color="red"
            size="lg"
            aria-label={`Hapus pendidikan ${i + 1}`}
            onClick={() =>
              form.set(
                'education',
                rows.filter((_, j) => j !== i),
              )
            }
          >
            ×
          </ActionIcon>
        </Group>
      ))}
      {form.errors.education && (
        <Text size="sm" c="red.8">
          {form.errors.education}
        </Text>
      )}
      <Group>
        <Button
          variant="light"
          size="xs"
          disabled={rows.length >= MAX_SCHOOLING}
          onClick={() =>
            form.set('education', [
              ...rows,
              { level: '', institution: '', major: '', start_year: '', end_year: '' },
            ])
          }
        >
          Tambah riwayat pendidikan
        </Button>
      </Group>
    </Stack>
  )
}
