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
};
