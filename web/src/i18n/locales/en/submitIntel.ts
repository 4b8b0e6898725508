// English strings of the submit-intel dialog.
export default {
  title: 'Submit intel',
  intro: 'Spotted something about a competitor? Send it to your curators; they review every submission.',
  rival: 'Competitor',
  rivalPlaceholder: 'Pick a competitor',
  noRival: 'No competitor matches',
  other: 'Other',
  titleLabel: 'Title',
  optional: 'Optional',
  content: 'What did you learn?',
  contentPlaceholder: 'Paste a link or describe what you heard, with any context that helps.',
  send: 'Submit',
  cancel: 'Cancel',
  success: {
    title: 'Thank you!',
    msg: 'Your intel was sent to your curators.',
  },
  error: {
    msg: 'Your intel could not be submitted. Please try again.',
  },
  tryAgain: 'Try again',
};
