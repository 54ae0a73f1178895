import '../../styles-all'
import { Card, Group, Stack, Text } from '@mantine/core'
import { useParams } from 'react-router'
import { api, unwrap } from '../../api/client'
import { DetailHeader } from '../../components/detail-header'
import { Loading } from '../../components/ui'
import { loadVocabulary } from '../../lib/labels'
import { useLoad } from '../../lib/use-load'
import { TracerForm } from './form-page'
import { careerStatuses } from './rules'

/**
 * One alumnus's tracer study for the career center: who they are and how to reach them, the form to enter
 * the answer collected from them (by phone) as their new version, and every version with who entered it.
 */
export function StaffTracerDetailPage() {
  const alumniId = Number(useParams().id)
  const t = useLoad(
    () =>
      Promise.all([
        unwrap(api.GET('/api/admin/tracer-studies/{alumniId}', { params: { path: { alumniId } } })),
        loadVocabulary(),
      ]).then(([r, v]) => ({ data: r.data, ...careerStatuses(v.careerStatus ?? []) })),
    [alumniId],
  )
  return (
    <Loading loaded={t}>
      {(d) => {
        const a = d.data.alumnus
        return (
          <Stack maw={900}>
            <DetailHeader
              back={{ to: '/admin/tracer-study', label: 'Tracer study alumni' }}
              title={a.fullName}
            >
              <Text size="sm" c="dimmed">
                {`NIS ${a.nis} · ${a.major.name} · lulus ${a.graduationYear}`}
              </Text>
            </DetailHeader>
            <Card withBorder>
              <Group gap="xl">
                <Text size="sm">{`Telepon: ${a.phone ?? '–'}`}</Text>
                <Text size="sm">{`E-mail: ${a.email ?? '–'}`}</Text>
              </Group>
            </Card>
            <TracerForm
              data={d.data}
              statuses={d.statuses}
              rules={d.rules}
              onSaved={t.reload}
              staff={{
                intro:
                  'Isi jawaban yang Anda kumpulkan dari alumni ini (mis. lewat telepon). Jawaban disimpan sebagai versi baru atas nama alumni, dengan nama Anda sebagai pengisi; aturan isian sama dengan formulir alumni.',
              }}
              save={(body) =>
                unwrap(
                  api.POST('/api/admin/tracer-studies/{alumniId}', { params: { path: { alumniId } }, body }),
                )
              }
            />
          </Stack>
        )
      }}
    </Loading>
  )
}
