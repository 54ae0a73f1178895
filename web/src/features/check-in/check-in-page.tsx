import { Alert, Card, Stack, Text, TextInput, Title } from '@mantine/core'
import { useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { ApiError, api, unwrap } from '../../api/client'
import { useForm } from '../../components/form'
import { SubmitButton } from '../../components/submit-button'
import { useScreenHeading } from '../../components/ui'
import { formatDateTime } from '../../lib/format'
import { label } from '../../lib/labels'
import { retryAfterOf, retryMessage } from '../../lib/retry-wait'

type Result = Awaited<ReturnType<typeof send>>

const send = (code: string) => unwrap(api.POST('/api/test-check-ins', { body: { code } }))

/** A pasted link (`…/check-in?code=12-ABCD…`) gives its code; anything else is taken as typed. */
function codeOf(input: string): string {
  const m = /[?&]code=([^&#\s]+)/.exec(input)
  return m ? decodeURIComponent(m[1]) : input.trim()
}

/**
 * The participant's check-in on the test day, made for a phone: the QR code on the staff screen opens this
 * page with `?code=…` and checks in at once; otherwise the code shown there is typed here. The answer is
 * shown large: present, already recorded, or why not.
 */
export function CheckInPage() {
  const [params] = useSearchParams()
  const fromLink = params.get('code')
  // The shared form wiring: busy while sent; after "too many tries" (429, 30 in 5 minutes) "Check-in" stays off,
  // saying the time left, and the message counts it down, as at every other form.
  const form = useForm({ code: fromLink ?? '' })
  const [result, setResult] = useState<Result | null>(null)
  // What went wrong, and the refusal it came from: one asking to wait is told counting down.
  const [error, setError] = useState<{ text: string; refusal?: unknown } | null>(null)
  const sent = useRef<string | null>(null)
  const heading = useScreenHeading('Check-in tes')
  // The refusal is told in the message above the field (large, for a phone), not under it as well.
  const { error: _said, ...codeInput } = form.text('code')

  const checkIn = (value: string) =>
    form.submit(
      async () => {
        setError(null)
        setResult(null)
        const typed = codeOf(value)
        if (!typed) {
          setError({ text: 'Ketik kode check-in yang tampil di layar petugas.' })
          return
        }
        setResult(await send(typed))
      },
      (err) =>
        setError({
          text: err instanceof ApiError ? err.message : 'Check-in gagal. Coba lagi.',
          refusal: err,
        }),
    )

  // Scanned: check in once with the code of the link.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per code of the link, not per render
  useEffect(() => {
    if (fromLink && sent.current !== fromLink) {
      sent.current = fromLink
      checkIn(fromLink)()
    }
  }, [fromLink])

  return (
    <Stack maw={480} mx="auto" gap="lg">
      <Title order={1} size="h2" {...heading}>
        Check-in tes
      </Title>
      {result && (
        <Card withBorder bg="green.0" padding="lg" role="status">
          <Text fz={28} fw={700} c="green.9" lh={1.2}>
            {result.data.alreadyCheckedIn ? 'Kehadiran Anda sudah tercatat' : 'Anda tercatat hadir'}
          </Text>
          <Text fz="lg" mt="sm" fw={600}>
            {label('testKind', result.data.schedule.kind)}: {result.data.schedule.name}
          </Text>
          <Text>
            {result.data.schedule.companyName} · {result.data.schedule.vacancyTitle}
          </Text>
          <Text>
            {formatDateTime(result.data.schedule.scheduledAt)} · {result.data.schedule.location}
          </Text>
          {result.data.checkedInAt && (
            <Text size="sm" c="dimmed" mt="sm">
              Check-in {formatDateTime(result.data.checkedInAt)}. Kehadiran akan divalidasi BKK.
            </Text>
          )}
        </Card>
      )}
      {error && (
        <Alert
          color="red"
          role="alert"
          title="Check-in belum berhasil"
          styles={{ message: { fontSize: 18 } }}
        >
          {retryAfterOf(error.refusal) ? retryMessage(error.text, form.wait) : error.text}
        </Alert>
      )}
      <form onSubmit={checkIn(form.values.code)} noValidate>
        <Stack>
          <TextInput
            label="Kode check-in"
            description="Pindai QR di layar petugas dengan kamera ponsel, atau ketik kodenya di sini."
            placeholder="mis. 12-K7MX2QAB"
            size="lg"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            {...codeInput}
          />
          <SubmitButton form={form} size="lg" fullWidth>
            Check-in
          </SubmitButton>
        </Stack>
      </form>
    </Stack>
  )
}
