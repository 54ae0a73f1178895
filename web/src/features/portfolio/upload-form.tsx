import { FileInput, Group, Progress, Select, SimpleGrid, Stack, Text, TextInput } from '@mantine/core'
import { useState } from 'react'
import { toApiError, upload } from '../../api/client'
import { useForm } from '../../components/form'
import { SubmitButton } from '../../components/submit-button'
import { formatBytes, MAX_UPLOAD, UPLOAD_TYPES } from '../../lib/files'
import { toastOk } from '../../lib/toast'

/** What the form holds when it opens, and again after an upload. */
const BLANK = { category: 'cv', title: '' }

/**
 * Upload of one portfolio file with a progress bar; checks size and type before sending. After an upload the form
 * starts again as it opened, its category too: kept, the next file (the CV after a certificate) went up under the
 * last one's category.
 */
export function PortfolioUpload({
  url,
  categories,
  onDone,
}: {
  url: string
  categories: { value: string; label: string }[]
  onDone: () => void
}) {
  const form = useForm(BLANK)
  const [file, setFile] = useState<File | null>(null)
  const [progress, setProgress] = useState<number | null>(null)
  const [message, setMessage] = useState<string | null>(null)

  const submit = form.submit(
    async ({ category, title }) => {
      setMessage(null)
      const local: Record<string, string> = {}
      if (!file) local.file = 'Pilih berkas.'
      else if (file.size > MAX_UPLOAD)
        local.file = `Berkas terlalu besar (${formatBytes(file.size)}); maksimal ${formatBytes(MAX_UPLOAD)}.`
      if (!category) local.category = 'Pilih kategori.'
      if (!title.trim()) local.title = 'Isi judul berkas.'
      if (!file || Object.keys(local).length) return form.setErrors(local)
      const body = new FormData()
      body.append('category', category)
      body.append('title', title.trim())
      body.append('file', file)
      setProgress(0)
      try {
        await upload(url, body, (p) => setProgress(p.total ? Math.round((p.loaded / p.total) * 100) : 0))
      } finally {
        setProgress(null)
      }
      toastOk('Berkas diunggah.')
      setFile(null)
      form.setValues(BLANK)
      onDone()
    },
    (err) => setMessage((err instanceof Error ? err : toApiError(0, null)).message),
  )

  return (
    <form onSubmit={submit} noValidate aria-label="Unggah berkas portofolio">
      <Stack gap="sm">
        <SimpleGrid cols={{ base: 1, sm: 2 }}>
          <Select
            label="Kategori"
            data={categories}
            allowDeselect={false}
            {...form.value('category')}
            required
          />
          <TextInput label="Judul" {...form.text('title')} required />
        </SimpleGrid>
        <FileInput
          label={`Berkas (PDF atau gambar, maks. ${formatBytes(MAX_UPLOAD)})`}
          placeholder="Pilih berkas"
          accept={UPLOAD_TYPES}
          value={file}
          onChange={setFile}
          error={form.error('file')}
          clearable
          required
        />
        {progress !== null && (
          <Progress value={progress} size="lg" aria-label={`Mengunggah ${progress}%`} striped animated />
        )}
        {message && (
          <Text c="red" size="sm" role="alert">
            {message}
          </Text>
        )}
        <Group>
          <SubmitButton form={form} loading={progress !== null}>
            Unggah
          </SubmitButton>
        </Group>
      </Stack>
    </form>
  )
}
