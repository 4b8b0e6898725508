// English strings of one's own account security: password reset and two-step verification.
export default {
  reset: {
    forgot: 'Forgot password?',
    requestTitle: 'Reset your password',
    requestIntro: 'Enter the email of your Rivalscope account. We will mail you a link to choose a new password.',
    email: 'Email',
    emailRequired: 'Enter your email',
    send: 'Mail me a link',
    sentTitle: 'Check your mail',
    sent: 'If {email} has a Rivalscope account, a link to reset its password is on its way. It works once and for one hour.',
    backToSignIn: 'Back to sign-in',
    documentTitle: 'Reset your password',
    title: 'Choose a new password',
    intro: 'Choosing a new password signs you out everywhere. Then sign in with the new one.',
    submit: 'Set the new password',
    doneTitle: 'Your password is changed',
    done: 'Sign in with your new password.',
    toSignIn: 'Go to sign-in',
    askAgain: 'Ask for a new link',
    problems: {
      unknown: 'This link does not work. It may be mistyped, or replaced by a newer link.',
      expired: 'This link has expired: links work for one hour.',
      used: 'This link has already been used.',
    },
  },
};
