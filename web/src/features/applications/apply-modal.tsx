import { Alert, Anchor, Checkbox, Modal, Stack, Text, Textarea } from '@mantine/core'
import { useEffect, useState } from 'react'
import { Link, useNavigate } from 'react-router'
import { api, unwrap } from '../../api/client'
import { useFocusBack } from '../../components/focus-back'
import { useForm } from '../../components/form'
import { ModalActions } from '../../components/modal-actions'
import { ErrorAlert, Loading } from '../../components/ui'
import { label } from '../../lib/labels'
import { letterDraftKey } from '../../lib/tab-drafts'
import { toastOk } from '../../lib/toast'
import { useMe } from '../auth/session'
import { usePortfolio } from '../portfolio/use-portfolio'

/**
 * The cover letter being written, kept in the tab (sessionStorage) per account and vacancy until it is sent: the
 * dialog put away (the phone's Back, Escape, "Batal") and opened again finds it as it was. The phone's Back left
 * the vacancy with the letter typed in it lost. A deliberate logout forgets it (lib/tab-drafts.ts).
 */
function useLetterDraft(userId: number, vacancyId: number) {
  const key = letterDraftKey(userId, vacancyId)
  const read = () => {
    try {
      return sessionStorage.getItem(key) ?? ''
    } catch {
      return ''
    }
  }
  const write = (text: string) => {
    try {
      if (text.trim()) sessionStorage.setItem(key, text)
      else sessionStorage.removeItem(key)
    } catch {
      // Storage refused (private mode, full): the letter stays in the dialog only.
    }
  }
  return { read, write }
}

/** Applying to a vacancy: which portfolio files go with it (the CVs ticked), and a cover letter. */
export function ApplyModal({ vacancyId, onClose }: { vacancyId: number; onClose: () => void }) {
  const navigate = useNavigate()
  const me = useMe()
  const portfolio = usePortfolio()
  const draft = useLetterDraft(me.id, vacancyId)
  const form = useForm(() => ({ portfolio_ids: [] as string[], cover_letter: draft.read() }))
  const letter = form.values.cover_letter
  // biome-ignore lint/correctness/useExhaustiveDependencies: kept as it is typed
  useEffect(() => draft.write(letter), [letter])
  const [error, setError] = useState<unknown>(null)
  // Mounted only while open: Mantine would leave the focus on <body> once it closes.
  useFocusBack(true)
  const files = portfolio.data?.data.files
  // biome-ignore lint/correctness/useExhaustiveDependencies: the CVs are ticked once the portfolio is in
  useEffect(() => {
    if (files)
      form.set(
        'portfolio_ids',
        files.filter((x) => x.category === 'cv').map((x) => String(x.id)),
      )
  }, [files])

  const submit = form.submit(async (v) => {
    setError(null)
    const res = await unwrap(
      api.POST('/api/job-vacancies/{id}/apply', {
        params: { path: { id: vacancyId } },
        body: { cover_letter: v.cover_letter.trim() || null, portfolio_ids: v.portfolio_ids.map(Number) },
      }),
    )
    draft.write('')
    toastOk('Lamaran terkirim.')
    navigate(`/lamaran/${res.data.id}`)
  }, setError)

  return (
    <Modal opened onClose={onClose} title="Kirim lamaran" size="lg">
      <Loading loaded={portfolio}>
        {(p) => (
          <form onSubmit={submit} noValidate>
            <Stack>
              {!p.data.completeness.complete && (
                <Alert color="yellow" title="Profil belum lengkap">
                  Lengkapi {p.data.completeness.missing.map((m) => label('profileGap', m)).join(', ')} di{' '}
                  <Anchor component={Link} to="/portofolio">
                    portofolio
                  </Anchor>{' '}
                  sebelum melamar.
                </Alert>
              )}
              <Checkbox.Group label="Berkas portofolio yang dilampirkan" {...form.value('portfolio_ids')}>
                <Stack gap={6} mt={6}>
                  {p.data.files.length === 0 && (
                    <Text size="sm" c="dimmed">
                      Belum ada berkas. Unggah di halaman portofolio.
                    </Text>
                  )}
                  {p.data.files.map((file) => (
                    <Checkbox
                      key={file.id}
                      value={String(file.id)}
                      label={`${label('fileCategory', file.category)}: ${file.title} (${file.originalName})`}
                    />
                  ))}
                </Stack>
              </Checkbox.Group>
              <Textarea
                label="Surat lamaran (opsional)"
                autosize
                minRows={4}
                {...form.text('cover_letter')}
              />
              {error ? <ErrorAlert error={error} title="Gagal mengirim" /> : null}
              <ModalActions onCancel={onClose} form={form}>
                Kirim lamaran
              </ModalActions>
            </Stack>
          </form>
        )}
      </Loading>
    </Modal>
  )
}
