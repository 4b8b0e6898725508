// English strings of the ask area.
export default {
  title: 'Ask Rivalscope',
  initialTitle: 'What do you want to know about your competitors?',
  initialSubtitle: 'Answers come from the cards you can see, with their sources.',
  placeholder: {
    page: 'Ask a follow-up question…',
    initial: 'Ask about a competitor, a deal or an objection…',
    default: 'Ask Rivalscope anything about your competitors…',
  },
  inputLabel: 'Your question',
  assumedRival: {
    answeredAbout: 'Answered about {name}',
    askAnother: 'Ask about another competitor',
  },
  send: 'Send',
  promptLibrary: 'Prompt library',
  research: 'Research mode',
  researchHint: 'Include intel items in the answer (curators)',
  loading: {
    first: 'Searching your cards…',
    second: 'Reading the most relevant passages…',
    third: 'Writing the answer…',
    fourth: 'Almost there…',
    previous: 'Loading the previous answer…',
  },
  streaming: 'Writing…',
  fallbackBanner: 'No AI model is configured, so this answer quotes the most relevant sentences of your content.',
  error: {
    '404Error': 'We could not find what this answer needs. It may have been removed.',
    '400Error': 'This question could not be answered. Rephrase it and try again.',
    title: 'Something went wrong',
    message: 'The answer could not be loaded. Check your connection and try again.',
    retry: 'Try again',
    retrying: 'Retrying…',
  },
  sources: {
    title: 'Sources',
    showMore: 'Show {count} more',
    showLess: 'Show less',
    card: 'Card',
    intel: 'Intel',
    interview: 'Interview',
    file: 'File',
    updated: 'Updated {date}',
  },
  copy: 'Copy answer',
  copied: 'Copied to clipboard',
  copyError: 'The answer could not be copied.',
  feedback: {
    positive: 'Helpful',
    negative: 'Not helpful',
  },
  profileLink: 'Open the {name} profile',
  history: {
    toggle: 'Chat history',
    title: 'History',
    search: 'Search chats',
    empty: 'No chats yet.',
    noMatch: 'No chats match.',
    loadError: 'The chat history could not be loaded.',
    groups: {
      today: 'Today',
      yesterday: 'Yesterday',
      week: 'Previous 7 days',
      month: 'Previous 30 days',
      older: 'Older',
    },
    research: 'Research',
  },
  restore: {
    loading: 'Restoring the chat…',
    error: 'The chat could not be restored. Check your connection and try again.',
  },
  newChat: 'New chat',
  close: 'Close',
  suggestions: 'Try asking',
  boardsToggle: 'Show competitor boards',
  viewBoards: 'View competitor boards',
  library: {
    rivalPicker: 'Competitor',
    rivalSearch: 'Search competitors',
    noRivals: 'No competitors found',
    types: {
      seller: 'Seller',
      pmm: 'Product marketing',
      executive: 'Executive',
      simulation: 'Simulation',
    },
    pickRival: 'Pick a competitor to fill in the prompts',
  },
  prompts: {
    'seller-1': {
      text: 'Why we win against {rival}',
      prompt: 'What are the top reasons {company} wins deals against {rival}?',
    },
    'seller-2': {
      text: 'Handle {rival} pricing objections',
      prompt: 'How should I respond when a prospect says {rival} is cheaper than {company}?',
    },
    'seller-3': {
      text: '{rival} strengths and weaknesses',
      prompt: 'Summarize the key strengths and weaknesses of {rival} compared with {company}.',
    },
    'seller-4': {
      text: 'Landmines to lay against {rival}',
      prompt: 'Which questions should I ask a prospect to expose the weaknesses of {rival}?',
    },
    'seller-5': {
      text: 'Elevator pitch versus {rival}',
      prompt: 'Give me a 30-second pitch for {company} when the prospect is also evaluating {rival}.',
    },
    'seller-6': {
      text: 'Recent news about {rival}',
      prompt: 'What has {rival} announced or changed recently that I should know before a call?',
    },
    'seller-7': {
      text: '{rival} pricing and packaging',
      prompt: 'How does {rival} price and package its product, and how does that compare with {company}?',
    },
    'seller-8': {
      text: 'Customer proof against {rival}',
      prompt: 'Which customer stories or proof points help {company} win against {rival}?',
    },
    'pmm-1': {
      text: 'Positioning against {rival}',
      prompt: 'How is {rival} positioning itself, and how should {company} position against it?',
    },
    'pmm-2': {
      text: '{rival} messaging changes',
      prompt: 'What changes in messaging or target market has {rival} shown recently?',
    },
    'pmm-3': {
      text: 'Battlecard gaps for {rival}',
      prompt: 'Which topics about {rival} are missing or thin in our battlecards?',
    },
    'pmm-4': {
      text: '{rival} product launches',
      prompt: 'Summarize the product launches and feature releases of {rival}.',
    },
    'pmm-5': {
      text: 'Feature comparison with {rival}',
      prompt: 'Compare the main features of {company} and {rival} and name where each leads.',
    },
    'executive-1': {
      text: 'Executive brief on {rival}',
      prompt: 'Write a short executive brief on {rival}: strategy, momentum and threat to {company}.',
    },
    'executive-2': {
      text: 'Market moves of {rival}',
      prompt: 'What strategic moves (funding, partnerships, acquisitions) has {rival} made?',
    },
    'executive-3': {
      text: 'Where {rival} is winning',
      prompt: 'In which segments or regions is {rival} winning against {company}, and why?',
    },
    'executive-4': {
      text: 'Risks from {rival}',
      prompt: 'What are the biggest competitive risks {rival} poses to {company} this quarter?',
    },
    'executive-5': {
      text: 'Win rate drivers versus {rival}',
      prompt: 'What drives our win rate against {rival} and what would improve it?',
    },
    'simulation-1': {
      text: 'Role-play a {rival} buyer',
      prompt: 'Act as a buyer who currently uses {rival}. Ask me tough questions about switching to {company}.',
    },
    'simulation-2': {
      text: 'Role-play a {rival} seller',
      prompt: 'Act as a {rival} sales rep pitching against {company}; I will respond to each claim.',
    },
    'simulation-3': {
      text: 'Objection drill on {rival}',
      prompt: 'Give me five objections a prospect evaluating {rival} might raise, one at a time, and grade my answers.',
    },
    'simulation-4': {
      text: 'Discovery call against {rival}',
      prompt: 'Simulate a discovery call where the prospect mentions {rival}; coach me on my questions.',
    },
  },
  wizard: {
    start: 'Guided',
    submit: 'Next',
    pickRival: 'Pick a competitor',
    answerLabel: 'Your answer',
    cancel: 'Cancel',
    flows: {
      'deal-prep': {
        title: 'Prepare for a competitive deal',
        questions: {
          competitor: 'Which competitor are you up against?',
          usecase: 'What is the prospect’s main use case?',
          objections: 'Which objections have you heard so far?',
        },
        finalPrompt: 'Help me win a deal against {COMPETITOR}. The prospect’s use case: {USECASE}. Objections they raised: {OBJECTIONS}. Give me talking points, landmines and proof points.',
      },
      objection: {
        title: 'Handle an objection',
        questions: {
          competitor: 'Which competitor did the prospect mention?',
          usecase: 'What are they trying to do?',
          objections: 'What exactly did they say?',
        },
        finalPrompt: 'A prospect comparing us with {COMPETITOR} for {USECASE} said: "{OBJECTIONS}". How should I respond?',
      },
    },
  },
  modal: {
    title: 'Ask Rivalscope',
    viewAs: 'View as',
    viewAsAll: 'All content (curator)',
    viewAsEveryone: 'Everyone',
  },
  closeFeedback: {
    question: 'Did Ask Rivalscope help you today?',
    yes: 'Yes',
    no: 'No',
    textLabel: 'What could be better? (optional)',
    submit: 'Send',
    skip: 'Skip',
    thanks: 'Thanks for your feedback!',
  },
  askAbout: 'Ask about {name}',
  aboutRival: 'About {name}',
  profilePicker: {
    label: 'Company profile',
    placeholder: 'Any company',
  },
  bar: {
    title: 'Ask about your competitors',
    open: 'Open Ask',
  },
};
