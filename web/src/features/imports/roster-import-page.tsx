import {
  Alert,
  Badge,
  Button,
  Code,
  FileButton,
  Group,
  List,
  Pagination,
  Paper,
  SegmentedControl,
  Stack,
  Text,
  Title,
} from '@mantine/core'
import { type DragEvent, Fragment, useMemo, useState } from 'react'
import { api, download, fieldErrors, onUnauthorized, toApiError, token, unwrap } from '../../api/client'
import type { paths } from '../../api/schema'
import { TableView } from '../../components/data-table'
import { StatusBadge } from '../../components/status-badge'
import { PageTitle } from '../../components/ui'
import { formatDateTime } from '../../lib/format'
import { label } from '../../lib/labels'
import { toastError, toastOk } from '../../lib/toast'
import { useLoad } from '../../lib/use-load'

type Report =
  paths['/api/admin/imports/students']['post']['responses']['200']['content']['application/json']['data']
type Row = Report['rows'][number]
type Action = Row['action']

const URL_IMPORT = '/api/admin/imports/students'
const PER_PAGE = 100
/**
 * The headers the import reads (src/modules/imports/roster.ts), each with what its cells hold where that is
 * not plain: only the header itself goes in the code tag, as a sheet's header row must spell it.
 */
const COLUMNS: { header: string; hint?: string }[] = [
  { header: 'NISN' },
  { header: 'NIS' },
  { header: 'Nama' },
  { header: 'JK', hint: 'isi L/P' },
  { header: 'Tempat Lahir' },
  { header: 'Tanggal Lahir' },
  { header: 'Rombel' },
  { header: 'Jurusan' },
]

/** The answer of the import, whether it went through (200/201) or was refused with its report (422). */
async function sendRoster(file: File, dryRun: boolean): Promise<Report> {
  const form = new FormData()
  form.append('dry_run', String(dryRun))
  form.append('file', file)
  let res: Response
  const sent = token.get()
  try {
    res = await fetch(URL_IMPORT, {
      method: 'POST',
      body: form,
      // Indonesian whatever the browser speaks, as every call of the API client.
      headers: {
        authorization: `Bearer ${sent ?? ''}`,
        accept: 'application/json',
        'accept-language': 'id',
      },
    })
  } catch {
    throw toApiError(0, null)
  }
  const body = await res.json().catch(() => null)
  // A session that ended is the app's, as for every call (the password prompt, or the login page).
  if (res.status === 401) onUnauthorized(body, sent)
  if (res.ok) return body.data as Report
  // A real run refused by a bad row answers the same per-row report as the preview.
  if (res.status === 422 && body?.report) return body.report as Report
  throw toApiError(res.status, body)
}

/** "Impor siswa": drop the roster, read the preview, confirm, then hand out the accounts' sheet. */
export function RosterImportPage() {
  const [file, setFile] = useState<File | null>(null)
  const [report, setReport] = useState<Report | null>(null)
  const [busy, setBusy] = useState<'preview' | 'import' | null>(null)
  const [dragging, setDragging] = useState(false)
  /** Why the file itself was refused (no header row, a missing column, too large): shown by the file. */
  const [refusal, setRefusal] = useState<string | null>(null)
  const runs = useLoad(
    () => unwrap(api.GET('/api/admin/imports', { params: { query: { per_page: 10 } } })),
    [],
  )

  /** A refusal of the file is shown where the file was chosen; anything else is a toast. */
  const refused = (err: unknown) => {
    const why = fieldErrors(err).file
    if (why) setRefusal(why)
    else toastError(err)
  }

  const preview = async (chosen: File | null) => {
    setFile(chosen)
    setReport(null)
    setRefusal(null)
    if (!chosen) return
    setBusy('preview')
    try {
      setReport(await sendRoster(chosen, true))
    } catch (err) {
      refused(err)
    } finally {
      setBusy(null)
    }
  }

  const confirm = async () => {
    if (!file) return
    setBusy('import')
    try {
      const done = await sendRoster(file, false)
      setReport(done)
      if (done.id !== null) {
        toastOk(`Impor selesai: ${done.totals.create} siswa baru, ${done.totals.update} diperbarui.`)
        runs.reload()
      }
    } catch (err) {
      refused(err)
    } finally {
      setBusy(null)
    }
  }

  const onDrop = (e: DragEvent) => {
    e.preventDefault()
    setDragging(false)
    const dropped = e.dataTransfer.files?.[0]
    if (dropped) preview(dropped)
  }

  return (
    <Stack>
      <PageTitle title="Impor siswa" />
      <Paper
        withBorder
        p="lg"
        radius="md"
        onDragOver={(e) => {
          e.preventDefault()
          setDragging(true)
        }}
        onDragLeave={() => setDragging(false)}
        onDrop={onDrop}
        bg={dragging ? 'blue.0' : undefined}
        style={{ borderStyle: 'dashed' }}
        aria-label="Unggah daftar siswa"
      >
        <Stack gap="xs" align="flex-start">
          <Text fw={500}>Tarik berkas CSV atau XLSX (ekspor Dapodik) ke sini, atau pilih dari komputer.</Text>
          <Text size="sm" c="dimmed">
            Kolom yang dibaca (huruf besar/kecil dan spasi tidak berpengaruh):{' '}
            {COLUMNS.map(({ header, hint }) => (
              <Fragment key={header}>
                <Code>{header}</Code>
                {hint ? ` (${hint}) ` : ' '}
              </Fragment>
            ))}
            serta <Code>Email</Code> dan <Code>No HP</Code> bila ada. Siswa dicocokkan lewat NISN; kolom lain
            diabaikan. Pratinjau tidak menyimpan apa pun.
          </Text>
          <Group>
            <FileButton
              onChange={preview}
              accept=".csv,.xlsx,text/csv,application/vnd.openxmlformats-officedocument.spreadsheetml.sheet"
            >
              {(props) => (
                <Button {...props} loading={busy === 'preview'}>
                  Pilih berkas
                </Button>
              )}
            </FileButton>
            {file && (
              <Text size="sm" aria-label="Berkas terpilih">
                {file.name}
              </Text>
            )}
          </Group>
          {refusal && (
            <Alert color="red" role="alert" title="Berkas tidak dapat diimpor">
              {refusal}
            </Alert>
          )}
        </Stack>
      </Paper>

      {report && (
        <ReportView
          key={`${report.fileName}:${report.id}:${report.dryRun}:${report.totals.error}`}
          report={report}
          busy={busy === 'import'}
          onConfirm={confirm}
          onAgain={() => preview(null)}
        />
      )}

      <Title order={2} size="h4" mt="md">
        Riwayat impor
      </Title>
      <TableView
        rows={runs.data?.data ?? []}
        empty="Belum ada impor."
        columns={[
          { label: 'Waktu', render: (r) => formatDateTime(r.createdAt) },
          { label: 'Berkas', render: (r) => r.fileName },
          { label: 'Oleh', render: (r) => r.createdBy?.fullName ?? '–' },
          {
            label: 'Hasil',
            render: (r) =>
              `${r.totals.create} baru, ${r.totals.update} diperbarui, ${r.totals.unchanged} tetap` +
              (r.totals.left > 0 ? `, ${r.totals.left} keluar/mutasi` : ''),
          },
          {
            label: 'Lembar akun',
            render: (r) =>
              !r.credentials ? (
                '–'
              ) : r.credentials.available ? (
                <SheetButton
                  url={r.credentials.downloadUrl}
                  count={r.credentials.count}
                  onDone={runs.reload}
                />
              ) : r.credentials.downloadedAt ? (
                `Diunduh ${formatDateTime(r.credentials.downloadedAt)}`
              ) : (
                'Tidak tersedia'
              ),
          },
        ]}
      />
    </Stack>
  )
}

function SheetButton({ url, count, onDone }: { url: string; count: number; onDone: () => void }) {
  const [state, setState] = useState<'idle' | 'busy' | 'done'>('idle')
  if (state === 'done')
    return (
      <Text size="sm" c="green.8">
        Lembar akun sudah diunduh (hanya sekali).
      </Text>
    )
  return (
    <Button
      size="xs"
      loading={state === 'busy'}
      onClick={async () => {
        setState('busy')
        try {
          await download(url)
          setState('done')
          onDone()
        } catch (err) {
          setState('idle')
          toastError(err)
        }
      }}
    >
      Unduh lembar akun ({count})
    </Button>
  )
}

const FILTERS: { value: 'all' | Action; label: string }[] = [
  { value: 'all', label: 'Semua' },
  { value: 'error', label: label('importAction', 'error') },
  { value: 'create', label: label('importAction', 'create') },
  { value: 'update', label: label('importAction', 'update') },
  { value: 'unchanged', label: label('importAction', 'unchanged') },
  { value: 'left', label: label('importAction', 'left') },
]

const FIELD_WORDS: Record<string, string> = {
  nisn: 'NISN',
  nis: 'NIS',
  full_name: 'nama',
  gender: 'JK',
  birth_place: 'tempat lahir',
  birth_date: 'tanggal lahir',
  class_name: 'rombel',
  major: 'jurusan',
  email: 'e-mail',
  phone: 'no HP',
}

function detailOf(r: Row) {
  if (r.errors.length)
    return (
      <List size="sm" spacing={2}>
        {r.errors.map((e, i) => (
          <List.Item key={i}>
            <Text span fw={500} size="sm">
              {e.column}
            </Text>
            : {e.message}
          </List.Item>
        ))}
      </List>
    )
  // A learner recorded as Keluar/Mutasi: the service's sentence (since when, and that the row is skipped).
  if (r.note) return <Text size="sm">{r.note}</Text>
  if (r.action === 'create') return <Text size="sm">Akun: {r.login}</Text>
  if (r.action === 'update')
    return <Text size="sm">Berubah: {r.changes.map((c) => FIELD_WORDS[c] ?? c).join(', ')}</Text>
  return null
}

function ReportView({
  report,
  busy,
  onConfirm,
  onAgain,
}: {
  report: Report
  busy: boolean
  onConfirm: () => void
  onAgain: () => void
}) {
  const [filter, setFilter] = useState<'all' | Action>(report.totals.error ? 'error' : 'all')
  const [page, setPage] = useState(1)
  const rows = useMemo(
    () => (filter === 'all' ? report.rows : report.rows.filter((r) => r.action === filter)),
    [report, filter],
  )
  const t = report.totals
  // A run that was written has its id; a refused one answers the same report without one.
  const done = report.id !== null
  const changes = t.create + t.update
  return (
    <Paper withBorder p="md" radius="md" aria-label={done ? 'Hasil impor' : 'Pratinjau impor'}>
      <Stack>
        <Group justify="space-between" wrap="wrap">
          <Title order={2} size="h4">
            {done ? 'Hasil impor' : 'Pratinjau'}: {report.fileName}
          </Title>
          <Group gap="xs" aria-label="Jumlah per status">
            <Badge color="blue" variant="light">{`${t.create} baru`}</Badge>
            <Badge color="yellow" variant="light">{`${t.update} diperbarui`}</Badge>
            <Badge color="gray" variant="light">{`${t.unchanged} tidak berubah`}</Badge>
            {t.left > 0 && (
              <Badge color="orange" variant="light">{`${t.left} keluar/mutasi, dilewati`}</Badge>
            )}
            <Badge color="red" variant="light">{`${t.error} bermasalah`}</Badge>
          </Group>
        </Group>
        {report.unknownColumns.length > 0 && (
          <Text size="sm" c="dimmed">
            Kolom yang diabaikan: {report.unknownColumns.join(', ')}
          </Text>
        )}
        {t.error > 0 && (
          <Alert color="red" title="Berkas belum bisa diimpor" role="alert">
            {t.error} baris bermasalah. Perbaiki baris tersebut di berkas lalu unggah lagi: tidak ada yang
            disimpan selama masih ada baris bermasalah.
          </Alert>
        )}
        {done && (
          <Alert color="green" title="Impor selesai">
            <Stack gap="xs" align="flex-start">
              <Text size="sm">
                {t.create} siswa baru beserta akunnya, {t.update} diperbarui, {t.unchanged} tidak berubah
                {t.left > 0 && `, ${t.left} dilewati karena tercatat keluar/mutasi`}.
              </Text>
              {report.credentials && (
                <>
                  <Text size="sm">
                    Lembar akun berisi e-mail untuk masuk dan kata sandi awal {report.credentials.count} akun
                    baru untuk dibagikan wali kelas. Lembar ini hanya dapat diunduh sekali, sampai{' '}
                    {formatDateTime(report.credentials.expiresAt)}. Siswa wajib mengganti kata sandi saat
                    pertama kali masuk.
                  </Text>
                  <SheetButton
                    url={report.credentials.downloadUrl}
                    count={report.credentials.count}
                    onDone={() => {}}
                  />
                </>
              )}
            </Stack>
          </Alert>
        )}
        <SegmentedControl
          value={filter}
          onChange={(v) => {
            setFilter(v as typeof filter)
            setPage(1)
          }}
          data={FILTERS}
          aria-label="Saring baris"
        />
        <TableView
          rows={rows.slice((page - 1) * PER_PAGE, page * PER_PAGE)}
          rowKey={(r) => r.row}
          empty="Tidak ada baris dengan status ini."
          minWidth={820}
          columns={[
            { label: 'Baris', render: (r) => r.row, align: 'right', width: 64 },
            { label: 'Status', render: (r) => <StatusBadge of="importAction" value={r.action} /> },
            { label: 'NISN', render: (r) => r.nisn ?? '–' },
            { label: 'Nama', render: (r) => r.fullName ?? '–' },
            { label: 'Rombel', render: (r) => [r.className, r.major].filter(Boolean).join(' · ') || '–' },
            { label: 'Keterangan', render: detailOf },
          ]}
        />
        {rows.length > PER_PAGE && (
          <Pagination
            total={Math.ceil(rows.length / PER_PAGE)}
            value={page}
            onChange={setPage}
            size="sm"
            getControlProps={(c) => ({
              'aria-label': c === 'previous' ? 'Sebelumnya' : c === 'next' ? 'Berikutnya' : c,
            })}
          />
        )}
        {!done && (
          <Group>
            <Button onClick={onConfirm} loading={busy} disabled={t.error > 0 || changes === 0}>
              {changes === 0 ? 'Tidak ada yang perlu diimpor' : `Impor ${changes} siswa`}
            </Button>
            <Button variant="subtle" onClick={onAgain}>
              Batal
            </Button>
          </Group>
        )}
      </Stack>
    </Paper>
  )
}
