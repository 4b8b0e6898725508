// English strings of the public survey page (/win-loss/p/{token}, issue #57): a page of its own (web/survey.html) that
// reads them without the app's translator (web/src/survey/strings.ts), and the builder's preview of the same form.
// Arguments only as {name}: no plurals, so the page formats them with a few lines of its own.
export default {
  pageTitle: 'Survey',
  loading: 'Loading the survey…',
  from: 'A survey from {company}',
  greeting: 'Hello {name},',
  openUntil: 'Open until {date}.',
  required: 'required',
  requiredNote: 'Questions marked “required” need an answer.',
  ratingHint: '1 is the lowest, {scale} the highest.',
  reasonsHint: 'Choose every reason that applies.',
  multipleHint: 'Choose all that apply.',
  textHint: 'Up to {max} characters.',
  submit: 'Send my answers',
  sending: 'Sending…',
  errors: {
    summary: 'Some answers need your attention.',
    required: 'Please answer this question.',
    tooLong: 'Please keep this under {max} characters.',
    submit: 'Your answers could not be sent. Please check them and try again.',
  },
  thanks: {
    title: 'Thank you',
    body: 'Your answers were sent. You can close this page.',
  },
  closed: {
    title: 'This survey is closed',
    body: 'It was already answered or it has expired.',
  },
  notFound: {
    title: 'Survey not found',
    body: 'Please check the link in your email.',
  },
  rateLimited: {
    title: 'Too many tries',
    body: 'Please wait a minute and try again.',
  },
  network: {
    title: 'Could not reach the server',
    body: 'Please check your connection and try again.',
  },
  retry: 'Try again',
  preview: {
    note: 'Preview: this is what a contact sees. Answers cannot be sent from here.',
    reasons: 'Your company’s win reasons (to a won deal’s contact) or loss reasons (to a lost deal’s contact) are listed here.',
    company: 'Your company',
  },
};
