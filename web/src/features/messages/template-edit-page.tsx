import {
  Alert,
  Badge,
  Button,
  Card,
  Grid,
  Group,
  Stack,
  Text,
  Textarea,
  TextInput,
  Title,
  UnstyledButton,
} from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { flushSync } from 'react-dom'
import { useParams } from 'react-router'
import { ApiError, api, editedElsewhere, fieldErrors, ifMatchOrNone, unwrap } from '../../api/client'
import { ConfirmButton } from '../../components/confirm'
import { DetailHeader } from '../../components/detail-header'
import { useForm } from '../../components/form'
import { LeaveGuard } from '../../components/leave-guard'
import { SubmitButton } from '../../components/submit-button'
import { Loading } from '../../components/ui'
import type { DataOf } from '../../lib/api-types'
import { formatDateTime } from '../../lib/format'
import { label } from '../../lib/labels'
import { toastError, toastOk } from '../../lib/toast'
import { useLoad } from '../../lib/use-load'
import { CustomisedBadge } from './customised-badge'

type Detail = DataOf<'/api/admin/message-templates/{key}'>
type Field = 'title' | 'body'

const TITLE_MAX = 200
const BODY_MAX = 5000

/** One message's wording: edited with its placeholders at hand, previewed as it will read, saved or reset. */
export function MessageTemplateEditPage() {
  const { key = '' } = useParams()
  const loaded = useLoad(
    () => unwrap(api.GET('/api/admin/message-templates/{key}', { params: { path: { key } } })),
    [key],
  )
  return <Loading loaded={loaded}>{(res) => <Editor key={res.data.key} detail={res.data} />}</Loading>
}

/**
 * The condition of a save on the wording the editor was filled from: its `updatedAt` (If-Match), or, for the
 * default (no school's copy, no version), that there is still none (If-None-Match: *).
 */
const readAt = (d: Detail) => ifMatchOrNone(d.updatedAt)

function Editor({ detail: initial }: { detail: Detail }) {
  const [detail, setDetail] = useState(initial)
  const form = useForm({ title: initial.title, body: initial.body })
  /** The text of a save refused because a colleague changed the wording meanwhile, to take up again. */
  const [refused, setRefused] = useState<{ title: string; body: string } | null>(null)
  const preview = usePreview(detail.key, form.values, form.setErrors)
  const fields = { title: useRef<HTMLInputElement>(null), body: useRef<HTMLTextAreaElement>(null) }
  const lastField = useRef<Field>('body')
  const unsaved = form.values.title !== detail.title || form.values.body !== detail.body
  const path = { params: { path: { key: detail.key } } }

  /**
   * Puts `{{name}}` where the cursor was in the field last used (the body unless the title was), and the
   * cursor after it. The new text is committed before the click ends, so the focus moves back at once: a
   * focus put off to the next frame could land after the user (or a test) had gone on to the other field,
   * and take what was typed there.
   */
  const insert = (name: string) => {
    const field = lastField.current
    const el = fields[field].current
    const text = form.values[field]
    const from = el?.selectionStart ?? text.length
    const to = el?.selectionEnd ?? text.length
    const token = `{{${name}}}`
    flushSync(() => form.set(field, text.slice(0, from) + token + text.slice(to)))
    el?.focus()
    el?.setSelectionRange(from + token.length, from + token.length)
  }

  /**
   * Saves with the version the form was filled from (readAt). Refused because someone changed the wording since
   * (412): the message shows, the form is filled with the wording as it stands now, and the text written here
   * is kept aside (`refused`) to take up again on top of it, knowingly.
   */
  const save = form.submit(
    async (v) => {
      const res = await unwrap(
        api.PUT('/api/admin/message-templates/{key}', {
          params: { ...path.params, header: readAt(detail) },
          body: v,
        }),
      )
      setDetail(res.data)
      form.setValues({ title: res.data.title, body: res.data.body })
      setRefused(null)
      toastOk(res.message)
    },
    async (err) => {
      toastError(err)
      if (!editedElsewhere(err)) return
      const mine = { title: form.values.title, body: form.values.body }
      try {
        const res = await unwrap(api.GET('/api/admin/message-templates/{key}', path))
        setDetail(res.data)
        form.setValues({ title: res.data.title, body: res.data.body })
        setRefused(mine)
      } catch (again) {
        toastError(again)
      }
    },
  )

  const reset = async () => {
    try {
      // On the wording the editor shows: one a colleague saved since is not thrown away (412).
      const res = await unwrap(
        api.DELETE('/api/admin/message-templates/{key}', {
          params: { ...path.params, header: readAt(detail) },
        }),
      )
      setDetail(res.data)
      form.setValues({ title: res.data.title, body: res.data.body })
      form.setErrors({})
      setRefused(null)
      toastOk(res.message)
    } catch (err) {
      toastError(err)
    }
  }

  return (
    <Stack gap="md">
      <LeaveGuard when={unsaved} />
      <DetailHeader back={{ to: '/admin/template-pesan', label: 'Template pesan' }} title={detail.label}>
        <Group gap="xs" mt={4}>
          <Badge variant="light" color="gray">
            {label('messageChannel', detail.channel)}
          </Badge>
          <CustomisedBadge customised={detail.customised} />
          {detail.updatedAt && (
            <Text size="xs" c="dimmed">
              Terakhir diubah {formatDateTime(detail.updatedAt)}
              {detail.updatedBy ? ` oleh ${detail.updatedBy.fullName}` : ''}
            </Text>
          )}
        </Group>
      </DetailHeader>

      <Grid gap="lg">
        <Grid.Col span={{ base: 12, md: 7 }}>
          <form onSubmit={save} aria-label="Ubah template pesan">
            <Stack gap="sm">
              {refused && (
                <Alert
                  color="orange"
                  variant="light"
                  title="Teks Anda belum disimpan"
                  withCloseButton
                  onClose={() => setRefused(null)}
                >
                  <Text size="sm" mb="xs">
                    {detail.updatedBy
                      ? `${detail.updatedBy.fullName} mengubah template ini sementara Anda menyunting`
                      : 'Template ini diubah orang lain sementara Anda menyunting'}
                    ; formulir kini berisi teks terbaru. Teks Anda:
                  </Text>
                  <Text size="sm" fw={600}>
                    {refused.title}
                  </Text>
                  <Text size="sm" mb="xs" style={{ whiteSpace: 'pre-wrap' }}>
                    {refused.body}
                  </Text>
                  <Button
                    size="xs"
                    variant="light"
                    onClick={() => {
                      form.setValues(refused)
                      setRefused(null)
                    }}
                  >
                    Pakai teks saya
                  </Button>
                </Alert>
              )}
              <TextInput
                ref={fields.title}
                label={detail.channel === 'notice' ? 'Judul' : 'Judul (juga subjek e-mail)'}
                required
                maxLength={TITLE_MAX}
                onFocus={() => {
                  lastField.current = 'title'
                }}
                {...form.text('title')}
              />
              <Textarea
                ref={fields.body}
                label="Isi pesan"
                required
                autosize
                minRows={6}
                maxRows={20}
                maxLength={BODY_MAX}
                onFocus={() => {
                  lastField.current = 'body'
                }}
                {...form.text('body')}
              />
              <Placeholders detail={detail} onInsert={insert} />
              <Group gap="xs">
                <SubmitButton form={form}>Simpan</SubmitButton>
                {detail.customised && (
                  <ConfirmButton
                    title="Kembalikan ke teks bawaan?"
                    message="Teks yang diubah sekolah dihapus; pesan ini kembali memakai teks bawaan aplikasi."
                    confirmLabel="Kembalikan"
                    color="orange"
                    size="sm"
                    onConfirm={reset}
                  >
                    Kembalikan ke teks bawaan
                  </ConfirmButton>
                )}
                {unsaved && (
                  <Text size="sm" c="orange.8">
                    Ada perubahan yang belum disimpan.
                  </Text>
                )}
              </Group>
            </Stack>
          </form>
        </Grid.Col>
        <Grid.Col span={{ base: 12, md: 5 }}>
          <Stack gap="sm">
            <Card withBorder padding="md" aria-label="Pratinjau" component="section">
              <Text size="xs" c="dimmed" tt="uppercase" fw={700} mb={6}>
                Pratinjau dengan contoh isian
              </Text>
              {preview.error ? (
                <Alert color="red" variant="light" title="Belum dapat ditampilkan">
                  {preview.error}
                </Alert>
              ) : preview.data ? (
                <div aria-busy={preview.loading} style={{ opacity: preview.loading ? 0.6 : 1 }}>
                  <Title order={2} size="h5" mb={6} data-testid="preview-title">
                    {preview.data.title}
                  </Title>
                  <Text size="sm" style={{ whiteSpace: 'pre-wrap' }} data-testid="preview-body">
                    {preview.data.body}
                  </Text>
                </div>
              ) : (
                <Text size="sm" c="dimmed">
                  Memuat pratinjau…
                </Text>
              )}
            </Card>
            {detail.customised && (
              <Card withBorder padding="md" component="section" aria-label="Teks bawaan">
                <Text size="xs" c="dimmed" tt="uppercase" fw={700} mb={6}>
                  Teks bawaan
                </Text>
                <Text size="sm" fw={600}>
                  {detail.defaultTitle}
                </Text>
                <Text size="sm" c="dimmed" style={{ whiteSpace: 'pre-wrap' }}>
                  {detail.defaultBody}
                </Text>
              </Card>
            )}
          </Stack>
        </Grid.Col>
      </Grid>
    </Stack>
  )
}

/** The placeholders this message may use: a chip puts one in the text, with what it holds beside it. */
function Placeholders({ detail, onInsert }: { detail: Detail; onInsert: (name: string) => void }) {
  return (
    <Card withBorder padding="sm" component="section" aria-label="Isian otomatis">
      <Text size="sm" fw={600}>
        Isian otomatis
      </Text>
      <Text size="xs" c="dimmed" mb="xs">
        Klik untuk menyisipkan di posisi kursor. Hanya isian berikut yang dapat dipakai; tulis persis dengan
        kurung kurawal ganda.
      </Text>
      <Stack gap={6}>
        {detail.placeholders.map((p) => (
          <Group key={p.name} gap="xs" wrap="nowrap" align="flex-start">
            <UnstyledButton
              onClick={() => onInsert(p.name)}
              aria-label={`Sisipkan {{${p.name}}}`}
              px={8}
              py={2}
              fz="xs"
              ff="monospace"
              style={{
                borderRadius: 12,
                background: 'var(--mantine-color-blue-light)',
                color: 'var(--mantine-color-blue-light-color)',
                whiteSpace: 'nowrap',
              }}
            >
              {`{{${p.name}}}`}
            </UnstyledButton>
            <Text size="xs">
              {p.description}
              {p.required ? ' (wajib ada)' : ''}
              <Text span c="dimmed" size="xs">
                {` — contoh: ${p.example}`}
              </Text>
            </Text>
          </Group>
        ))}
      </Stack>
    </Card>
  )
}

/**
 * The preview of the text being written, asked of the service a moment after typing stops (the same
 * checks as saving: a refusal's messages go under their fields). The last answer wins.
 */
function usePreview(
  key: string,
  values: { title: string; body: string },
  setErrors: (errors: Record<string, string>) => void,
) {
  const [state, setState] = useState<{
    data?: { title: string; body: string }
    error?: string
    loading: boolean
  }>({ loading: true })
  const seq = useRef(0)
  // biome-ignore lint/correctness/useExhaustiveDependencies: asked again only when the text changes
  useEffect(() => {
    const mine = ++seq.current
    setState((s) => ({ ...s, loading: true }))
    const timer = setTimeout(() => {
      unwrap(
        api.POST('/api/admin/message-templates/{key}/preview', {
          params: { path: { key } },
          body: { title: values.title, body: values.body },
        }),
      ).then(
        (res) => {
          if (mine !== seq.current) return
          setErrors({})
          setState({ data: res.data, loading: false })
        },
        (err) => {
          if (mine !== seq.current) return
          if (err instanceof ApiError && err.status === 422) setErrors(fieldErrors(err))
          setState((s) => ({
            data: s.data,
            loading: false,
            error:
              err instanceof ApiError && err.status === 422
                ? 'Perbaiki isian yang ditandai merah di formulir.'
                : err instanceof Error
                  ? err.message
                  : String(err),
          }))
        },
      )
    }, 350)
    return () => clearTimeout(timer)
  }, [key, values.title, values.body])
  return state
}
