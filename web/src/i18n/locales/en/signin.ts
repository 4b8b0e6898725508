// English strings of the sign-in page.
export default {
  title: 'Sign in to Rivalscope',
  subtitle: 'Competitive intelligence for sales and product teams',
  email: 'Email',
  emailPlaceholder: 'you@company.com',
  password: 'Password',
  submit: 'Sign in',
  demoHint: 'Demo: admin@demo.test, curator@demo.test, seller@demo.test, staff@demo.test — password demo-password',
  errorTitle: 'Sign-in failed',
  errors: {
    generic: 'Sign-in failed. Please try again.',
    network: 'Rivalscope could not be reached. Check your connection and try again.',
    required: 'Enter your email and password.',
    invalid: 'Invalid email or password.',
    deactivated: 'This account has been deactivated. Ask an admin of your company to reactivate it.',
    tooMany: '{seconds, plural, one {Too many sign-in attempts. Try again in # second.} other {Too many sign-in attempts. Try again in # seconds.}}',
  },
  sso: {
    continue: 'Continue',
    continueSso: 'Continue with single sign-on',
    usePassword: 'Use a password instead',
    errors: {
      sso_not_configured: 'Single sign-on is not set up for this address.',
      sso_required: 'Your company signs in with single sign-on. Enter your email and continue with single sign-on.',
      sso_state_invalid: 'This sign-in attempt expired or was started in another browser. Please try again.',
      sso_failed: 'Your identity provider’s answer could not be verified. Please try again.',
      sso_replayed: 'This sign-in answer was already used. Please sign in again.',
      sso_email_missing: 'Your identity provider did not send an email address. Ask your admin to release it to Rivalscope.',
      sso_email_other_company: 'This email address belongs to an account of another company.',
    },
  },
};
