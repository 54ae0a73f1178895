import { ConfirmButton } from '../../components/confirm'
import { fetchCopy } from './download'

/**
 * Staff's "Unduh data" on a learner's row: asks first, because the download is a disclosure of (often a minor's)
 * personal data and is recorded under the staff member's name.
 */
export function LearnerDataButton({
  kind,
  learner,
}: {
  kind: 'students' | 'alumni'
  learner: { id: number; fullName: string }
}) {
  return (
    <ConfirmButton
      color="blue"
      title="Unduh data pribadi?"
      message={`Salinan semua data yang disimpan tentang ${learner.fullName}, untuk permintaan siswa atau orang tua/walinya (UU Pelindungan Data Pribadi). Unduhan ini dicatat atas nama Anda. Serahkan berkasnya hanya kepada yang berhak.`}
      confirmLabel="Unduh"
      aria-label={`Unduh data ${learner.fullName}`}
      onConfirm={() => fetchCopy(`/api/admin/${kind}/${learner.id}/personal-data`)}
    >
      Unduh data
    </ConfirmButton>
  )
}
