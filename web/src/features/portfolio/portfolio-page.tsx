import { Alert, Badge, Card, Group, Stack, Text, Title } from '@mantine/core'
import { api, unwrap } from '../../api/client'
import { ConfirmButton } from '../../components/confirm'
import { FileLink } from '../../components/file-link'
import { Loading, PageTitle } from '../../components/ui'
import { label } from '../../lib/labels'
import { codeOptions } from '../../lib/options'
import { toastError, toastOk } from '../../lib/toast'
import { useLoad } from '../../lib/use-load'
import { useMe } from '../auth/session'
import { ProfileForm } from './profile-form'
import { PortfolioUpload } from './upload-form'
import { usePortfolio } from './use-portfolio'

/** The learner's portfolio: what is still missing to apply, the profile, and the files (a CV among them). */
export function PortfolioPage() {
  const me = useMe()
  const base = me.role === 'alumni' ? '/api/alumni/portfolio' : '/api/siswa/portfolio'
  const p = usePortfolio()
  const portfolioOptions = useLoad(
    () =>
      me.role === 'alumni'
        ? unwrap(api.GET('/api/alumni/portfolio/options'))
        : unwrap(api.GET('/api/siswa/portfolio/options')),
    [me.role],
  )

  async function remove(id: number) {
    try {
      if (me.role === 'alumni')
        await unwrap(api.DELETE('/api/alumni/portfolio/{id}', { params: { path: { id } } }))
      else await unwrap(api.DELETE('/api/siswa/portfolio/{id}', { params: { path: { id } } }))
      toastOk('Berkas dihapus.')
      p.reload()
    } catch (err) {
      toastError(err)
    }
  }

  return (
    <>
      <PageTitle title="Portofolio" />
      <Loading loaded={p}>
        {({ data: d }) => (
          <Stack>
            <Card withBorder>
              <Text fw={600}>{d.fullName}</Text>
              <Text size="sm" c="dimmed">
                NIS {d.nis} · {d.major.name} {d.className && `· ${d.className}`}
                {d.graduationYear && ` · lulus ${d.graduationYear}`}
              </Text>
              {!d.completeness.complete && (
                <Alert color="yellow" mt="sm" title="Profil belum lengkap untuk melamar">
                  Lengkapi: {d.completeness.missing.map((m) => label('profileGap', m)).join(', ')}.
                </Alert>
              )}
            </Card>
            <Card withBorder component="section" aria-labelledby="biodata">
              <Title order={2} size="h4" mb="sm" id="biodata">
                Biodata, kontak, keahlian, pendidikan dan media sosial
              </Title>
              <ProfileForm profile={d} choices={portfolioOptions.data?.data} onSaved={p.reload} />
            </Card>
            <Card withBorder component="section" aria-labelledby="berkas">
              <Title order={2} size="h4" mb="sm" id="berkas">
                Berkas ({d.files.length})
              </Title>
              <Stack gap="xs" mb="md">
                {d.files.length === 0 && (
                  <Text size="sm" c="dimmed">
                    Belum ada berkas. Unggah CV agar bisa melamar.
                  </Text>
                )}
                {d.files.map((file) => (
                  <Group key={file.id} justify="space-between" wrap="nowrap">
                    {/* A long file name breaks onto more lines; the button beside it keeps its width. */}
                    <div style={{ flex: 1, minWidth: 0, overflowWrap: 'anywhere' }}>
                      <Badge size="sm" variant="light" mr={6}>
                        {label('fileCategory', file.category)}
                      </Badge>
                      <FileLink file={file} />
                    </div>
                    <ConfirmButton
                      title="Hapus berkas?"
                      message={`Berkas "${file.title}" akan dihapus dari portofolio.`}
                      confirmLabel="Hapus"
                      onConfirm={() => remove(file.id)}
                      aria-label={`Hapus ${file.title}`}
                      flex="none"
                    >
                      Hapus
                    </ConfirmButton>
                  </Group>
                ))}
              </Stack>
              <PortfolioUpload
                url={`${base}/upload`}
                categories={codeOptions(
                  'fileCategory',
                  portfolioOptions.data?.data.categories ?? [{ value: 'cv' }],
                )}
                onDone={p.reload}
              />
            </Card>
          </Stack>
        )}
      </Loading>
    </>
  )
}
