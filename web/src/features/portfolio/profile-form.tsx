import { Alert, Button, Group, SimpleGrid, Textarea, TextInput } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { api, editedElsewhere, ifMatch, unwrap } from '../../api/client'
import type { paths } from '../../api/schema'
import { DateField } from '../../components/dates'
import { REBASED, rebase, useForm } from '../../components/form'
import { toastError, toastOk } from '../../lib/toast'
import { useMe } from '../auth/session'

type Profile =
  paths['/api/siswa/portfolio/profile']['get']['responses']['200']['content']['application/json']['data']
type Body = NonNullable<
  paths['/api/siswa/portfolio/profile']['put']['requestBody']
>['content']['application/json']

function valuesOf(d: Profile) {
  return {
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

function bodyOf(form: Values): Body {
  const v = (k: keyof Values) => form[k].trim() || null
  return {
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

/** The learner's biodata, contacts and social media. */
export function ProfileForm({ profile, onSaved }: { profile: Profile; onSaved: () => void }) {
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
  }, [profile.updatedAt, setValues])
  const field = (name: keyof Values) => {
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
      {stale && (
        <Alert color="orange" role="alert" title="Belum disimpan" mb="md">
          {REBASED}
        </Alert>
      )}
      <SimpleGrid cols={{ base: 1, sm: 2 }}>
        <TextInput label="Nomor telepon" type="tel" autoComplete="tel" {...field('phone')} />
        <TextInput label="E-mail kontak" type="email" {...field('email')} />
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
      <Group mt="md">
        <Button type="submit" loading={form.busy}>
          Simpan profil
        </Button>
      </Group>
    </form>
  )
}
