// English strings of What's new (/whats-new): the page, and each release note of web/src/whatsNew/releaseNotes.ts
// under its id. Bodies are prose (web/src/shared/prose.ts): paragraphs, "- " lists, <b> for what a screen names.
export default {
  title: "What's new",
  intro: 'What changed in Rivalscope, newest first.',
  newSince: '{count, plural, one {# change since your last visit} other {# changes since your last visit}}',
  newBadge: 'New',
  listLabel: 'Release notes',
  areas: {
    monitors: 'Monitors',
    search: 'Search',
    ask: 'Ask',
    competitors: 'Competitors',
    battlecards: 'Battlecards',
    cards: 'Cards',
    alerts: 'Alerts',
    news: 'News',
    digests: 'Digests',
    insights: 'Review insights',
    reports: 'Reports',
    notifications: 'Notifications',
    settings: 'Settings',
    integrations: 'Integrations',
    languages: 'Languages',
    accessibility: 'Accessibility',
    performance: 'Speed',
  },
  notes: {
    browserExtension: {
      title: 'Battlecards in your browser',
      body: 'The Rivalscope browser extension for Chrome and Edge is here: download it and connect it with a token under <b>Apps and integrations › Browser extension</b>.\n\n- search cards from the toolbar and open Ask\n- on a rival’s website, and on a CRM opportunity that names a rival, a small badge opens the rival’s battlecards and a short summary\n- right-click a page, a link or a selection and choose <b>Send to Rivalscope</b>: it arrives as intel, with the rivals it names',
    },
    integrations: {
      title: 'Intel in Slack and Teams, and events for your other tools',
      body: 'Admins can now connect Slack and Microsoft Teams under <b>Apps and integrations</b> and choose which published intel (by rival, topic and priority) and which digests go to which channel.\n\n- in Slack, <b>/rivalscope pricing</b> answers with the best cards, <b>/rivalscope ask</b> with Ask’s answer, and links to Rivalscope unfold for those who may see them\n- the message action <b>Send to Rivalscope</b> makes any Slack message intel\n- webhooks send signed events to your other tools, with a log of every delivery',
    },
    identity: {
      title: 'Your company’s sign-in, and an API for your other tools',
      body: 'Admins can now connect your identity provider under <b>Company settings</b> › <b>Single sign-on</b> (OpenID Connect or SAML): people of your email domains sign in there, new colleagues get their account on first sign-in, and SCIM keeps accounts in step with your directory.\n\n- forgot your password? <b>Forgot password?</b> on the sign-in page mails a link\n- turn on two-step verification under <b>Edit profile</b>\n- make an API token under <b>Edit profile</b> › <b>API tokens</b> to connect a script or another tool; the API reference is at <b>/api/docs</b>',
    },
    monitors: {
      title: 'Intel that arrives by itself',
      body: 'Curators can now watch rivals’ web pages and news feeds under <b>Monitors</b>. Each change to a page, with what was added and removed, and each new story in a feed lands in your alerts, once per story however many sources tell it.\n\nForward a newsletter or a note to your company’s intel address (shown on <b>Monitors</b>) and it becomes intel too.',
    },
    german: {
      title: 'Rivalscope speaks German',
      body: 'Every screen, dialog, message and chart is now in English and German, and so are the mails Rivalscope sends: digests and invitations arrive in each recipient’s language.\n\nPick yours under <b>Edit profile</b> › <b>Language</b>. Dates, numbers and percentages follow it too.',
    },
    accessibility: {
      title: 'Easier to read, and to use with a screen reader',
      body: 'Every screen of every role is now checked with axe at desktop and phone widths, with no serious or critical problem left:\n\n- dimmed text and text on tinted buttons and badges have stronger contrast\n- the notification bell is a larger target, and tab panels and page controls are labelled for screen readers\n- lists that scroll sideways can be scrolled with the keyboard',
    },
    questionsGoToAsk: {
      title: 'Type words for cards, a question for Ask',
      body: 'Until you pick a mode, the search box decides by what you type: words such as “pricing” search cards, and a question (with a question mark, or starting with how, why, what, does…) goes to Ask.\n\nA mode you pick stays yours, after a reload and on your other devices.',
    },
    askHowToWin: {
      title: 'Ask knows how to win',
      body: 'Questions such as “How do we beat them?” or “Landmines to lay against them” now find the win cards, talk tracks and objection handling of every competitor. Ask’s own words follow your language.\n\nAn answer whose connection drops picks up where it stopped.',
    },
    alertsUndo: {
      title: 'Undo in Alerts',
      body: 'Archive, Publish, Mark important and the other actions on an intel item now say what they did, with an <b>Undo</b> that puts the item back as it was.',
    },
    synonymSuggestions: {
      title: 'Add a synonym from a search that found nothing',
      body: '<b>Search analytics</b> lists the searches that found nothing. Beside <b>Write a card for this</b>, each now offers <b>Add a synonym</b>: the synonyms screen opens with the words your team used, and suggests what the same people searched for next and found, when at least two of them did.',
    },
    relevanceFeedback: {
      title: 'Sharper “Most relevant” results',
      body: 'Sorted by <b>Most relevant</b>, cards that match equally well are now ordered by the words the best answers share, so the cards that treat your subject the way your best cards do come first. Ask chooses its cards the same way. Only the words you typed are highlighted.',
    },
    reports: {
      title: 'Reports',
      body: 'Under <b>Measure</b>, admins, and curators as your company allows, read four reports: consumer usage, curator activity, competitive analytics and search analytics. Each has charts over the period you pick, tables you can export as CSV, and drill-downs down to a single person.',
    },
    newsForSellers: {
      title: 'News for sellers',
      body: 'The <b>Feed</b> brings sellers the intel your curators publish, newest first, filtered by competitor, topic and date, with each item’s related cards. Where your company turns them on, each competitor has its own news, the dashboard shows unread badges, and sellers can switch the dashboard between boards and news.',
    },
    dynamicBoards: {
      title: 'Dynamic boards',
      body: 'A dynamic board is a saved search that stays current. Curators save one from the search results or start one from the dashboard’s <b>New</b> menu, edit it in place and publish it; everyone finds it on the dashboard, each seeing only the cards they may see.',
    },
    landingPages: {
      title: 'Company landing pages',
      body: 'A competitor’s landing page brings together what a seller reads before a call: how we compare, battlecards, strengths and weaknesses from reviews, an overview with its sources, and what is new in the last 30 days. Each reader’s page is written only from what they may see. Open it with <b>Overview</b> on a profile or a dashboard tile.',
    },
    reviewInsights: {
      title: 'Review insights',
      body: 'Curators import a competitor’s reviews from G2, Capterra, Gartner and other sites as a CSV or JSON file. Rivalscope finds what reviewers praise and criticise, with quotes, a chart of what they talk about month by month and a reviews tab to search and filter. The search box’s <b>Reviews</b> mode searches them too.',
    },
    typos: {
      title: 'Search forgives typos, and asks “Did you mean”',
      body: 'Words of 5 letters or more may have a typo, and words of 9 or more two, but never in the first letter; exact matches still come first. When a word of your search is in no card you may see, the results offer the word your cards do contain.',
    },
    companySettings: {
      title: 'Company settings and people',
      body: 'Admins run their company in Rivalscope: name, logo and email domains, features, visibility groups and rival groups, Ask’s groups, digest defaults and an audit log of every change. They invite people by email, change roles and groups, and deactivate and reactivate accounts.',
    },
    notifications: {
      title: 'Notifications and bookmarks',
      body: 'The bell in the top bar counts what is new for you: intel on the competitors you curate, jobs you started, invitations you sent that were accepted, and changes to cards you follow (follow any card from its menu).\n\nBookmarks keep up to 100 pages a click away.',
    },
    fasterStart: {
      title: 'A faster first screen',
      body: 'The first screen after sign-in downloads about a sixth less. Every screen and its texts load when first opened, and the screens a link leads to start loading when you point at it.',
    },
    battlecards: {
      title: 'Battlecards',
      body: 'A competitor’s battlecards put its key cards on one page, laid out for desktop, tablet or phone. Curators build them from up to 8 cards per layout, order them and publish them when they are ready; sellers rate the cards and send feedback on them.',
    },
    cardEditor: {
      title: 'A card editor with live figures',
      body: 'Curators write cards in a rich-text editor with lists, tables, links and images, and dynamic data blocks that show a competitor’s figures and stay current. The editor warns before unsaved changes are lost.',
    },
    ask: {
      title: 'Ask Rivalscope',
      body: 'Ask a question about your competitors and read the answer as it is written, with the cards it comes from cited. Answers use only what you may see; curators can add intel with <b>Research mode</b>. Without an AI model set up, Ask quotes the most relevant sentences of your cards instead.',
    },
    alerts: {
      title: 'Alerts, the curators’ intel feed',
      body: 'Curators work through incoming intel in views such as <b>My new intel</b>, <b>Published</b> and <b>Important</b>, with filters, search, saved views, changes to thousands of items at once and a timeline sliced by topic, source or competitor.',
    },
    digests: {
      title: 'Email digests',
      body: 'Curators collect published intel into a digest, preview the mail, send a test to themselves and then send it to everyone who receives digests.',
    },
    unifiedSearch: {
      title: 'One search box for everything',
      body: 'Search cards, tags and battlecards from the top bar, with suggestions as you type, filters by competitor, board, tag and date, and results that keep loading as you scroll. The quick switcher (<kbd>Ctrl/⌘ + Shift + D</kbd>) finds a competitor by name.',
    },
  },
};
