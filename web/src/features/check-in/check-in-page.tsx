import { Alert, Button, Card, Stack, Text, TextInput, Title } from '@mantine/core'
import { type FormEvent, useEffect, useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { ApiError, api, unwrap } from '../../api/client'
import { useScreenHeading } from '../../components/ui'
import { formatDateTime } from '../../lib/format'
import { label } from '../../lib/labels'

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
  const [code, setCode] = useState(fromLink ?? '')
  const [busy, setBusy] = useState(false)
  const [result, setResult] = useState<Result | null>(null)
  const [error, setError] = useState<string | null>(null)
  const sent = useRef<string | null>(null)
  const heading = useScreenHeading('Check-in tes')

  async function checkIn(value: string) {
    const typed = codeOf(value)
    if (!typed) {
      setError('Ketik kode check-in yang tampil di layar petugas.')
      return
    }
    setBusy(true)
    setError(null)
    setResult(null)
    try {
      setResult(await send(typed))
    } catch (err) {
      setError(err instanceof ApiError ? err.message : 'Check-in gagal. Coba lagi.')
    } finally {
      setBusy(false)
    }
  }

  // Scanned: check in once with the code of the link.
  // biome-ignore lint/correctness/useExhaustiveDependencies: once per code of the link, not per render
  useEffect(() => {
    if (fromLink && sent.current !== fromLink) {
      sent.current = fromLink
      checkIn(fromLink)
    }
  }, [fromLink])

  const submit = (e: FormEvent) => {
    e.preventDefault()
    checkIn(code)
  }

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
          {error}
        </Alert>
      )}
      <form onSubmit={submit} noValidate>
        <Stack>
          <TextInput
            label="Kode check-in"
            description="Pindai QR di layar petugas dengan kamera ponsel, atau ketik kodenya di sini."
            placeholder="mis. 12-K7MX2QAB"
            size="lg"
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            value={code}
            onChange={(e) => setCode(e.currentTarget.value)}
          />
          <Button type="submit" size="lg" fullWidth loading={busy}>
            Check-in
          </Button>
        </Stack>
      </form>
    </Stack>
  )
}
