import {
  Alert,
  Badge,
  Button,
  Center,
  Group,
  List,
  Loader,
  SimpleGrid,
  Stack,
  Tabs,
  Text,
  Textarea,
  TextInput,
  Title,
} from '@mantine/core'
import { useRef, useState } from 'react'
import { useSearchParams } from 'react-router'
import { ApiError, api, unwrap } from '../../api/client'
import { ConfirmButton } from '../../components/confirm'
import { type Column, DataTable, Lines } from '../../components/data-table'
import { FilterBar } from '../../components/filter-bar'
import { FormModal } from '../../components/form-modal'
import { StatusBadge } from '../../components/status-badge'
import { ErrorAlert, Field, PageTitle } from '../../components/ui'
import type { DataOf } from '../../lib/api-types'
import { formatDateTime } from '../../lib/format'
import { label } from '../../lib/labels'
import { toastError, toastOk } from '../../lib/toast'
import { useUrlFilters } from '../../lib/url-state'
import { useLoad } from '../../lib/use-load'

const KEYS = ['search', 'status'] as const
const TABS = ['pending', 'approved', 'rejected', 'all'] as const
type Tab = (typeof TABS)[number]

const loadList = (query: object) =>
  unwrap(api.GET('/api/admin/company-registrations', { params: { query: query as never } }))
type Row = Awaited<ReturnType<typeof loadList>>['data'][number]
type Detail = DataOf<'/api/admin/company-registrations/{id}'>
type SetPasswordLink = { url: string; expiresAt: string }

/** What a request's row and detail warn of: a possible duplicate, an e-mail nobody confirmed. */
function Flags({ r }: { r: Pick<Row, 'duplicates' | 'emailConfirmed' | 'status'> }) {
  const open = r.status === 'pending'
  return (
    <Group gap={4}>
      {open && r.duplicates.name && (
        <Badge color="red" variant="light" radius="sm">
          Nama sudah terdaftar
        </Badge>
      )}
      {open && r.duplicates.email && (
        <Badge color="red" variant="light" radius="sm">
          E-mail sudah terdaftar
        </Badge>
      )}
      {!r.emailConfirmed && (
        <Badge color="orange" variant="light" radius="sm">
          E-mail belum terverifikasi
        </Badge>
      )}
    </Group>
  )
}

/**
 * "Pendaftaran perusahaan": companies that signed up through the public form, for the career center to
 * check, approve (the company and its HR account are created) or reject with a reason.
 */
export function CompanyRegistrationsPage() {
  const f = useUrlFilters(KEYS)
  const tab = (TABS as readonly string[]).includes(f.get('status')) ? (f.get('status') as Tab) : 'pending'
  const { status: _s, ...rest } = f.query
  const query = tab === 'all' ? rest : { ...rest, status: tab }
  const list = useLoad(() => loadList(query), [f.key])
  // The request opened in its dialog; a link may name it (`?id=`: a staff notice of a new request).
  const [params, setParams] = useSearchParams()
  const [open, setOpen] = useState<number | null>(() => Number(params.get('id')) || null)
  const close = () => {
    setOpen(null)
    if (params.has('id'))
      setParams(
        (cur) => {
          const next = new URLSearchParams(cur)
          next.delete('id')
          return next
        },
        { replace: true },
      )
  }
  const counts = list.data?.meta.counts

  const columns: Column<Row>[] = [
    {
      label: 'Perusahaan',
      render: (r) => <Lines bold main={r.name} sub={[r.industry, r.city].filter(Boolean).join(' · ')} />,
    },
    {
      label: 'Narahubung',
      render: (r) => <Lines main={r.contact.name} sub={`${r.contact.email} · ${r.contact.phone}`} />,
    },
    { label: 'Didaftarkan', render: (r) => formatDateTime(r.createdAt) },
    {
      label: 'Status',
      render: (r) => (
        <Stack gap={4}>
          <StatusBadge of="registrationStatus" value={r.status} />
          <Flags r={r} />
        </Stack>
      ),
    },
    {
      label: 'Aksi',
      render: (r) => (
        <Button size="xs" variant="light" onClick={() => setOpen(r.id)}>
          {r.status === 'pending' ? 'Periksa' : 'Lihat'}
        </Button>
      ),
    },
  ]
  const tabLabel = (t: Tab) => {
    const words = t === 'all' ? 'Semua' : label('registrationStatus', t)
    return t !== 'all' && counts ? `${words} (${counts[t]})` : words
  }

  return (
    <>
      <PageTitle title="Pendaftaran perusahaan" />
      <Tabs value={tab} onChange={(v) => f.set({ status: v === 'pending' ? null : v })} mb="md">
        <Tabs.List>
          {TABS.map((t) => (
            <Tabs.Tab key={t} value={t}>
              {tabLabel(t)}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <FilterBar filters={f} search="Cari perusahaan atau narahubung" fields={[]} />
      <DataTable<Row>
        loaded={list}
        empty={
          tab === 'pending' ? 'Tidak ada pendaftaran yang menunggu persetujuan.' : 'Tidak ada pendaftaran.'
        }
        minWidth={760}
        highlightOnHover
        onPage={f.setPage}
        columns={columns}
      />
      {open !== null && <RegistrationModal id={open} onClose={close} onDecided={() => list.reload()} />}
    </>
  )
}

/** One request: its details, what it would duplicate, and the decision. */
function RegistrationModal({
  id,
  onClose,
  onDecided,
}: {
  id: number
  onClose: () => void
  onDecided: () => void
}) {
  const detail = useLoad(
    () =>
      unwrap(api.GET('/api/admin/company-registrations/{id}', { params: { path: { id } } })).then(
        (r) => r.data,
      ),
    [id],
  )
  const [refusal, setRefusal] = useState<string | null>(null)
  const [reason, setReason] = useState('')
  const [reasonError, setReasonError] = useState<string | undefined>()
  const [link, setLink] = useState<SetPasswordLink | null>(null)
  const r = detail.data

  const approve = () =>
    unwrap(api.POST('/api/admin/company-registrations/{id}/approve', { params: { path: { id } } })).then(
      (res) => {
        setRefusal(null)
        toastOk(res.message)
        if (res.data.setPasswordLink) setLink(res.data.setPasswordLink)
        detail.reload()
        onDecided()
      },
      (err) => {
        if (err instanceof ApiError && (err.status === 409 || err.status === 422)) setRefusal(err.message)
        else toastError(err)
      },
    )
  const reject = () =>
    unwrap(
      api.POST('/api/admin/company-registrations/{id}/reject', {
        params: { path: { id } },
        body: { reason },
      }),
    ).then(
      (res) => {
        setRefusal(null)
        toastOk(res.message)
        detail.reload()
        onDecided()
      },
      (err) => {
        if (err instanceof ApiError && err.errors.reason) setReasonError(err.errors.reason[0])
        else if (err instanceof ApiError && err.status === 422) setRefusal(err.message)
        else toastError(err)
      },
    )

  return (
    <FormModal
      dirty={r?.status === 'pending' && reason.trim() !== ''}
      opened
      onClose={onClose}
      title="Pendaftaran perusahaan"
      size="xl"
    >
      {detail.error && !r && <ErrorAlert error={detail.error} onRetry={detail.reload} />}
      {!r && !detail.error && (
        <Center py="xl">
          <Loader aria-label="Memuat" />
        </Center>
      )}
      {r && (
        <Stack>
          <Group justify="space-between" align="flex-start">
            <div>
              <Title order={2} size="h3">
                {r.name}
              </Title>
              <Text size="sm" c="dimmed">
                Didaftarkan {formatDateTime(r.createdAt)}
                {r.confirmedAt ? ` · e-mail dikonfirmasi ${formatDateTime(r.confirmedAt)}` : ''}
              </Text>
            </div>
            <StatusBadge of="registrationStatus" value={r.status} />
          </Group>
          <Flags r={r} />
          {!r.emailConfirmed && r.status === 'pending' && (
            <Alert color="orange" role="status">
              E-mail narahubung belum terverifikasi (pengiriman e-mail nonaktif saat pendaftaran). Pastikan
              identitas narahubung, misalnya lewat telepon, sebelum menyetujui.
            </Alert>
          )}
          {r.status === 'pending' && (r.matches.companies.length > 0 || r.matches.account) && (
            <Matches matches={r.matches} />
          )}
          <SimpleGrid cols={{ base: 1, sm: 2 }}>
            <Field label="Bidang usaha">{r.industry}</Field>
            <Field label="E-mail perusahaan">{r.email}</Field>
            <Field label="Telepon perusahaan">{r.phone}</Field>
            <Field label="Situs web">{r.website}</Field>
            <Field label="Alamat">{r.address}</Field>
            <Field label="Kota / provinsi">{[r.city, r.province].filter(Boolean).join(', ')}</Field>
          </SimpleGrid>
          {r.description && <Field label="Tentang perusahaan">{r.description}</Field>}
          <Title order={3} size="h5">
            Narahubung (HRD)
          </Title>
          <SimpleGrid cols={{ base: 1, sm: 3 }}>
            <Field label="Nama">{r.contact.name}</Field>
            <Field label="E-mail">{r.contact.email}</Field>
            <Field label="Telepon">{r.contact.phone}</Field>
          </SimpleGrid>
          <Decision r={r} />
          {link && <LinkPanel link={link} email={r.contact.email} />}
          {refusal && (
            <Alert color="red" role="alert" title="Tidak dapat diproses">
              {refusal}
            </Alert>
          )}
          {r.status === 'pending' && (
            <Stack gap="xs">
              <Textarea
                label="Alasan penolakan"
                description="Dikirim ke e-mail narahubung bila pendaftaran ditolak."
                value={reason}
                onChange={(e) => {
                  setReason(e.currentTarget.value)
                  setReasonError(undefined)
                }}
                error={reasonError}
                autosize
                minRows={2}
              />
              <Group justify="flex-end">
                <ConfirmButton
                  title="Tolak pendaftaran?"
                  message={`Pendaftaran ${r.name} ditolak dan alasannya disampaikan ke ${r.contact.email}.`}
                  confirmLabel="Tolak"
                  size="sm"
                  disabled={!reason.trim()}
                  onConfirm={reject}
                >
                  Tolak
                </ConfirmButton>
                <ConfirmButton
                  title="Setujui pendaftaran?"
                  message={`Perusahaan ${r.name} dibuat (lowongannya perlu persetujuan BKK) beserta akun HRD ${r.contact.email}, yang mendapat tautan untuk membuat kata sandi.`}
                  confirmLabel="Setujui"
                  color="green"
                  variant="filled"
                  size="sm"
                  onConfirm={approve}
                >
                  Setujui
                </ConfirmButton>
              </Group>
            </Stack>
          )}
        </Stack>
      )}
    </FormModal>
  )
}

function Matches({ matches }: { matches: Detail['matches'] }) {
  return (
    <Alert color="red" role="status" title="Kemungkinan data ganda">
      <List size="sm" spacing={4}>
        {matches.companies.map((c) => (
          <List.Item key={c.id}>
            Perusahaan “{c.name}” (ID {c.id}
            {c.isActive ? '' : ', nonaktif'}) memakai{' '}
            {[c.sameName && 'nama yang sama', c.sameEmail && `e-mail ${c.email}`]
              .filter(Boolean)
              .join(' dan ')}
            .
          </List.Item>
        ))}
        {matches.account && (
          <List.Item>
            E-mail {matches.account.email} sudah dipakai akun {label('role', matches.account.role)}{' '}
            {matches.account.fullName}
            {matches.account.company ? ` (${matches.account.company.name})` : ''}.
          </List.Item>
        )}
      </List>
      <Text size="sm" mt="xs">
        Pendaftaran ini tidak dapat disetujui. Tolak dengan alasannya, atau tambahkan narahubung sebagai akun
        HRD perusahaan yang sudah ada di menu Perusahaan.
      </Text>
    </Alert>
  )
}

function Decision({ r }: { r: Detail }) {
  if (r.status === 'approved')
    return (
      <Alert color="green" role="status" title="Disetujui">
        {r.decidedBy?.fullName ?? 'Petugas'}, {formatDateTime(r.decidedAt)}. Perusahaan{' '}
        {r.company?.name ?? '(sudah dihapus)'} dan akun HRD {r.account?.email ?? '(sudah dihapus)'} dibuat.
      </Alert>
    )
  if (r.status === 'rejected')
    return (
      <Alert color="gray" role="status" title="Ditolak">
        {r.decidedBy?.fullName ?? 'Petugas'}, {formatDateTime(r.decidedAt)}. Alasan: {r.rejectReason}
      </Alert>
    )
  return null
}

/** With e-mail off, approval answers the set-password link: staff hand it to the contact. */
function LinkPanel({ link, email }: { link: SetPasswordLink; email: string }) {
  const input = useRef<HTMLInputElement>(null)
  const [copied, setCopied] = useState(false)
  const copy = async () => {
    try {
      if (navigator.clipboard && window.isSecureContext) await navigator.clipboard.writeText(link.url)
      else {
        input.current?.select()
        if (!document.execCommand('copy')) throw new Error('copy refused')
      }
      setCopied(true)
    } catch {
      input.current?.select()
      toastError(new Error('Tautan tidak dapat disalin otomatis; tautan sudah dipilih, salin dengan Ctrl+C.'))
    }
  }
  return (
    <Alert color="yellow" role="status" title="Pengiriman e-mail nonaktif: serahkan tautan ini">
      <Stack gap="xs">
        <Text size="sm">
          Tautan untuk membuat kata sandi akun HRD tidak dapat dikirim. Serahkan langsung kepada narahubung (
          {email}
          ). Sekali pakai; berlaku sampai {formatDateTime(link.expiresAt)}.
        </Text>
        <TextInput
          ref={input}
          label="Tautan pembuatan kata sandi"
          readOnly
          value={link.url}
          onFocus={(e) => e.currentTarget.select()}
          styles={{ input: { fontFamily: 'monospace' } }}
        />
        <Group justify="flex-end">
          <Button size="xs" color={copied ? 'teal' : 'blue'} onClick={copy}>
            {copied ? 'Tersalin' : 'Salin tautan'}
          </Button>
        </Group>
      </Stack>
    </Alert>
  )
}
