// The public company sign-up pages outside the signed-in layout: the form and the e-mail confirmation
// link's page (loaded together, as one script).
import '../styles-all'

export { ConfirmRegistrationPage } from '../features/company-registrations/confirm-page'
export { RegisterCompanyPage } from '../features/company-registrations/register-page'
