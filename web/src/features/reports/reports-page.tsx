import '../../styles-all'
import { Button, Card, Group, Progress, SimpleGrid, Stack, Tabs, Text, Title } from '@mantine/core'
import { useState } from 'react'
import { useSearchParams } from 'react-router'
import { api, download, fieldErrors, unwrap } from '../../api/client'
import { FilterDate, FilterSelect } from '../../components/filter-bar'
import { Loading, PageTitle } from '../../components/ui'
import { formatBytes } from '../../lib/files'
import { toastError, toastOk } from '../../lib/toast'
import { nextSearch, type UrlFilters, useUrlFilters } from '../../lib/url-state'
import { useLoad } from '../../lib/use-load'
import { FILTER_KEYS, loadReport, periodText, REPORTS, type ReportKey, reportQuery } from './query'
import { ReportBody } from './report-views'

const URL_KEYS = ['report', ...FILTER_KEYS] as const

/** The career center's reports: one per tab, filtered in the URL, downloaded as CSV or Excel. */
export function ReportsPage() {
  const url = useUrlFilters(URL_KEYS)
  const [, setParams] = useSearchParams()
  // Changes start from the address bar as it is now, not as of the last render: two filters changed in
  // quick succession both stay (the router's own updater may still hold the URL before the first change).
  const f: UrlFilters = {
    ...url,
    set: (changes) => setParams(nextSearch(new URLSearchParams(window.location.search), changes)),
  }
  const report: ReportKey = REPORTS.some((r) => r.key === f.get('report'))
    ? (f.get('report') as ReportKey)
    : 'recruitment'
  const query = reportQuery(f.query)
  const data = useLoad(() => loadReport(report, query), [f.key])
  const title = REPORTS.find((r) => r.key === report)?.title ?? ''
  const { progress, exportAs } = useDownload(report, query)

  return (
    <>
      <PageTitle title="Laporan">
        <Button
          size="xs"
          variant="light"
          onClick={() => exportAs('csv')}
          loading={progress?.format === 'csv'}
          disabled={progress !== null}
        >
          Unduh CSV
        </Button>
        <Button
          size="xs"
          variant="light"
          color="green"
          onClick={() => exportAs('xlsx')}
          loading={progress?.format === 'xlsx'}
          disabled={progress !== null}
        >
          Unduh Excel
        </Button>
      </PageTitle>
      {progress && <DownloadProgress progress={progress} />}
      <Tabs value={report} onChange={(v) => f.set({ report: v === 'recruitment' ? null : v })} mb="md">
        <Tabs.List>
          {REPORTS.map((r) => (
            <Tabs.Tab key={r.key} value={r.key}>
              {r.title}
            </Tabs.Tab>
          ))}
        </Tabs.List>
      </Tabs>
      <ReportFilters filters={f} errors={fieldErrors(data.error)} />
      <Title order={2} size="h4" mb={4}>
        {title}
      </Title>
      {data.data && data.data.report === report && (
        <Text size="sm" c="dimmed" mb="sm">
          {`Periode: ${periodText(data.data.data.filters)}`}
        </Text>
      )}
      <Loading loaded={data}>{(d) => (d.report === report ? <ReportBody loaded={d} /> : null)}</Loading>
    </>
  )
}

/** School year, major and period; the API's refusal of a filter shows at that filter. */
function ReportFilters({ filters: f, errors }: { filters: UrlFilters; errors: Record<string, string> }) {
  const options = useLoad(() => unwrap(api.GET('/api/admin/reports/options')), [])
  const o = options.data?.data
  const years = (o?.schoolYears ?? []).map((y) => ({ value: y.value, label: y.label }))
  if (o && !years.some((y) => y.value === o.currentSchoolYear))
    years.unshift({ value: o.currentSchoolYear, label: o.currentSchoolYear })
  const groups = new Map<string, { value: string; label: string }[]>()
  for (const m of o?.majors ?? []) {
    const items = groups.get(m.department.name) ?? []
    items.push({ value: String(m.id), label: `${m.code} – ${m.name}${m.isActive ? '' : ' (nonaktif)'}` })
    groups.set(m.department.name, items)
  }
  const majors = [...groups].map(([group, items]) => ({ group, items }))
  return (
    <Card withBorder mb="md" component="section" aria-label="Saringan laporan">
      <SimpleGrid cols={{ base: 1, xs: 2, md: 4 }}>
        <FilterSelect
          filters={f}
          filter={{ name: 'school_year', label: 'Tahun ajaran', options: years }}
          error={errors.school_year}
        />
        <FilterSelect
          filters={f}
          filter={{
            name: 'major_id',
            label: 'Kompetensi keahlian',
            placeholder: 'Semua kompetensi',
            options: majors,
            searchable: true,
          }}
          error={errors.major_id}
          nothingFoundMessage="Tidak ditemukan"
        />
        <FilterDate
          filters={f}
          filter={{ name: 'date_from', label: 'Dari tanggal', type: 'date' }}
          error={errors.date_from}
        />
        <FilterDate
          filters={f}
          filter={{ name: 'date_to', label: 'Sampai tanggal', type: 'date' }}
          error={errors.date_to}
        />
      </SimpleGrid>
      {FILTER_KEYS.some((k) => f.get(k)) && (
        <Group mt="sm">
          <Button
            size="xs"
            variant="subtle"
            onClick={() => f.set({ school_year: null, major_id: null, date_from: null, date_to: null })}
          >
            Hapus saringan
          </Button>
        </Group>
      )}
    </Card>
  )
}

/** The report as CSV or Excel (`exportAs`), with the download's progress while it runs. */
function useDownload(report: ReportKey, query: Record<string, string | number>) {
  const [progress, setProgress] = useState<{ format: string; loaded: number; total: number } | null>(null)
  const exportAs = async (format: 'csv' | 'xlsx') => {
    setProgress({ format, loaded: 0, total: 0 })
    const qs = new URLSearchParams({
      ...Object.fromEntries(Object.entries(query).map(([k, v]) => [k, String(v)])),
      format,
    })
    try {
      const name = await download(`/api/admin/reports/${report}?${qs}`, (p) => setProgress({ format, ...p }))
      toastOk(`Laporan diunduh: ${name}`)
    } catch (err) {
      toastError(err)
    } finally {
      setProgress(null)
    }
  }
  return { progress, exportAs }
}

function DownloadProgress({ progress }: { progress: { format: string; loaded: number; total: number } }) {
  const percent = progress.total ? Math.round((progress.loaded / progress.total) * 100) : null
  return (
    <Stack gap={4} mb="sm" aria-live="polite">
      <Progress
        value={percent ?? 100}
        striped
        animated
        aria-label={percent == null ? 'Mengunduh laporan' : `Mengunduh laporan ${percent}%`}
      />
      <Text size="xs" c="dimmed">
        {`Menyiapkan ${progress.format === 'csv' ? 'CSV' : 'Excel'}… ${formatBytes(progress.loaded)}${progress.total ? ` dari ${formatBytes(progress.total)}` : ''}`}
      </Text>
    </Stack>
  )
}
