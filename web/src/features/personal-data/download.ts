import { download } from '../../api/client'
import { toastError, toastOk } from '../../lib/toast'

/*
 * A copy of a learner's personal data (UU 27/2022 Pelindungan Data Pribadi): the learner downloads hers from her
 * account (my-data-card.tsx); staff download a learner's from the students' or alumni's list, for a parent's
 * request (learner-data-button.tsx; audited by the service).
 */

/** Downloads the copy under the service's file name (`data-saya-…json`, `data-pribadi-…json`) and says so. */
export const fetchCopy = (url: string) =>
  download(url).then((name) => toastOk(`Diunduh: ${name}`), toastError)
