import { Button, FileInput, Group, Progress, Select, Stack, Text, TextInput } from '@mantine/core'
import { type FormEvent, useState } from 'react'
import { fieldErrors, toApiError, upload } from '../api/client'
import { formatBytes } from '../lib/format'
import { toastOk } from '../lib/toast'

export const MAX_UPLOAD = 10 * 1024 * 1024
const ACCEPT = 'application/pdf,image/jpeg,image/png,image/webp'

/** Upload of one portfolio file with a progress bar; checks size and type before sending. */
export function PortfolioUpload({
  url,
  categories,
  onDone,
}: {
  url: string
  categories: { value: string; label: string }[]
  onDone: () => void
}) {
  const [file, setFile] = useState<File | null>(null)
  const [category, setCategory] = useState<string | null>('cv')
  const [title, setTitle] = useState('')
  const [progress, setProgress] = useState<number | null>(null)
  const [errors, setErrors] = useState<Record<string, string>>({})
  const [message, setMessage] = useState<string | null>(null)

  async function submit(e: FormEvent) {
    e.preventDefault()
    setErrors({})
    setMessage(null)
    const local: Record<string, string> = {}
    if (!file) local.file = 'Pilih berkas.'
    else if (file.size > MAX_UPLOAD)
      local.file = `Berkas terlalu besar (${formatBytes(file.size)}); maksimal 10 MB.`
    if (!category) local.category = 'Pilih kategori.'
    if (!title.trim()) local.title = 'Isi judul berkas.'
    if (Object.keys(local).length) return setErrors(local)
    const form = new FormData()
    form.append('category', category!)
    form.append('title', title.trim())
    form.append('file', file!)
    setProgress(0)
    try {
      await upload(url, form, (p) => setProgress(p.total ? Math.round((p.loaded / p.total) * 100) : 0))
      toastOk('Berkas diunggah.')
      setFile(null)
      setTitle('')
      onDone()
    } catch (err) {
      const apiErr = err instanceof Error ? err : toApiError(0, null)
      setErrors(fieldErrors(apiErr))
      setMessage(apiErr.message)
    } finally {
      setProgress(null)
    }
  }

  return (
    <form onSubmit={submit} noValidate aria-label="Unggah berkas portofolio">
      <Stack gap="sm">
        <Group grow wrap="wrap" align="flex-start">
          <Select
            label="Kategori"
            data={categories}
            value={category}
            onChange={setCategory}
            error={errors.category}
            required
            miw={160}
          />
          <TextInput
            label="Judul"
            value={title}
            onChange={(e) => setTitle(e.currentTarget.value)}
            error={errors.title}
            required
            miw={200}
          />
        </Group>
        <FileInput
          label="Berkas (PDF atau gambar, maks. 10 MB)"
          placeholder="Pilih berkas"
          accept={ACCEPT}
          value={file}
          onChange={setFile}
          error={errors.file}
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
          <Button type="submit" loading={progress !== null}>
            Unggah
          </Button>
        </Group>
      </Stack>
    </form>
  )
}
