// English strings of FAQs and guides (/help): the page, and each question of web/src/help/questions.ts under its id.
// Answers are prose (web/src/shared/prose.ts): paragraphs, "- " lists, <b> for what a screen names, <kbd> for keys.
export default {
  title: 'FAQs and guides',
  intro: 'How Rivalscope works, in answers grouped by what you do. Filter them as you type, or open one and share its link.',
  filter: {
    label: 'Filter the questions',
    placeholder: 'Type a word, such as battlecard or digest',
    clear: 'Clear the filter',
    count: '{count, plural, =0 {No question matches} one {# question matches} other {# questions match}}',
    none: 'No question matches “{text}”',
    noneHint: 'Try fewer or other words, such as search, card, Ask or digest.',
  },
  copyLink: 'Copy link',
  copied: 'Link copied',
  groups: {
    sellers: {
      title: 'For sellers, and everyone',
      intro: 'Finding the right card, reading battlecards, asking and sharing what you hear.',
    },
    curators: {
      title: 'For curators',
      intro: 'Curators (and admins) keep the content current and decide who sees it.',
    },
    admins: {
      title: 'For admins',
      intro: 'Admins run the company in Rivalscope: people, groups, features and reports.',
    },
  },
  questions: {
    'find-cards': {
      q: 'How does search find the right card?',
      a: 'Type a few words in the search box at the top and press <kbd>Enter</kbd>. Rivalscope looks for each word in a card’s title, tags, competitor, board and text, so “mobile offline” finds a card with “mobile” in its title and “offline” in its text.\n\n- Cards with all your words come first, then cards missing one of them, and so on: near misses follow instead of an empty page.\n- Typos are forgiven in words of 5 letters or more (two in words of 9 or more), never in the first letter.\n- Your company’s synonyms count: “sso” also finds “single sign-on”.\n- Words a question is made of, such as “how”, “do” or “they”, are left out.\n\nAs you type, suggestions offer tags, battlecards and searches that complete yours; pick one with the arrow keys and <kbd>Enter</kbd>. When a word is in no card you may see, the results offer “Did you mean” with the word your cards contain.',
    },
    'search-modes': {
      q: 'What do Ask, Cards, Alerts and Reviews next to the search box do?',
      a: 'They choose what the box searches:\n\n- <b>Ask</b> answers a question in sentences, with the cards it comes from.\n- <b>Cards</b> lists the cards, tags and battlecards that match.\n- <b>Alerts</b> (curators) searches incoming intel.\n- <b>Reviews</b> (curators) searches the reviews of the competitor you are reading.\n\nUntil you pick one, the box decides by what you type: words search cards, and a question (with a question mark, or starting with how, why, what, does…) goes to Ask. A mode you pick stays yours, on every device, until you pick another.',
    },
    'narrow-results': {
      q: 'How do I narrow down results? Are there search operators?',
      a: 'The box takes plain words: quotes, AND, OR and minus signs are read as ordinary words, not as operators. Narrow the results with the filters beside them instead:\n\n- <b>Boards</b> (grouped by competitor) and <b>Tags</b>: click an item once to show cards with any of the items you picked, again to require it, a third time to exclude it, and once more to take it out of the filter.\n- <b>Last updated</b>: today, since yesterday, the last 2, 7, 30 or 90 days, or all time.\n- The sort: newest first, oldest first, most relevant, or title A–Z.\n\nThe filters in force show above the results; remove one there, or <b>Clear all</b>. The address of the page keeps the search and its filters, so you can bookmark or share it.',
    },
    'read-battlecard': {
      q: 'How do I read a battlecard?',
      a: 'Open a competitor (from the dashboard, the quick switcher or search) and choose <b>Battlecards</b>. Each battlecard is a tab; its cards are laid out for a desktop, a tablet or a phone, and the switch above them changes the layout, which is handy before sharing your screen.\n\nEach card is the curators’ short answer to one thing: how we win, landmines, pricing, objections and their responses. Figures in a card (revenue, headcount and the like) come from live data and stay current. Open a card to read it in full, with where it lives and when it was last updated.',
    },
    cards: {
      q: 'What can I do with a card?',
      a: 'A card opens over the page you are on, with its competitor, board, author and the date it was last updated; <b>Back</b> returns to the card you came from. Below the card:\n\n- <b>Helpful</b> or <b>Not helpful</b> tells the curators which cards work; click the active one again to take it back.\n- <b>Share feedback</b> sends a note to the curators.\n- From the card’s menu, follow it to be notified when it changes.\n\nThe page’s address opens the same card for a colleague, if they may see it.',
    },
    'submit-intel': {
      q: 'How do I submit intel?',
      a: 'Heard something about a competitor on a call, or found a link? Choose <b>Submit intel</b> in the top bar, pick the competitor (or <b>Other</b>), add a title if you like, and paste the link or describe what you learned. <b>Submit</b> sends it to your curators, who review every submission; what they publish reaches everyone in the feed and in digests.',
    },
    'what-you-see': {
      q: 'Why can’t I find a card a colleague mentioned?',
      a: 'One rule decides what each person sees, on every screen: search, suggestions, boards, battlecards and Ask’s answers alike. It is applied on the server, never in your browser.\n\n- You only ever see your own company’s content.\n- Curators and admins see everything of the company, drafts included.\n- Everyone else sees a card only when it is published (not a draft), it is not a curator’s note on a Scratchpad board, its competitor is published, and it is meant for everyone or for a visibility group you belong to.\n\nSo a colleague in another group, or a curator, may see cards you don’t. If you think you should see one, ask a curator or an admin.',
    },
    ask: {
      q: 'How does Ask answer my questions, and can I trust the answers?',
      a: 'Ask writes its answer only from the cards you may see, and cites them: each [n] opens the card a sentence comes from, so you can check it before you repeat it to a customer. The answer appears as it is written; follow-up questions keep the conversation.\n\n- <b>Chat history</b> brings back earlier conversations.\n- The <b>Prompt library</b> and the <b>Try asking</b> questions give you a start.\n- Rate an answer to tell the curators what helped.\n\nWhen your company has not set up an AI model, a banner says so and Ask quotes the most relevant sentences of your cards instead of writing its own.',
    },
    news: {
      q: 'Where do I read the latest news about competitors?',
      a: 'The <b>Feed</b> (under Share) lists the intel your curators published, newest first; filter it by competitor, topic or date, and open an item for its summary, its source and your cards that relate to it. Each competitor also has its own news, with what changed on its cards.\n\nWhere your company turns them on, the dashboard shows a badge with the unread news of each competitor, and a switch between boards and news.',
    },
    digests: {
      q: 'What are email digests, and how do I stop them?',
      a: 'A digest is a mail of the intel your curators picked, sent by them from time to time, in your language; its links open the item in Rivalscope. To stop or start receiving them, open <b>Edit profile</b> from the account menu and change <b>Email digests</b>.',
    },
    languages: {
      q: 'How do I change the language?',
      a: 'Open <b>Edit profile</b> from the account menu and pick a <b>Language</b>: each is named in itself (English, Deutsch). Rivalscope switches at once, remembers it on every device, and writes your digests and notifications in it; dates and numbers follow it too.\n\nBefore you sign in, the sign-in page follows your browser’s language; adding ?lng=de to its address asks for German.',
    },
    notifications: {
      q: 'What do the bell and notifications tell me?',
      a: 'The bell in the top bar counts your unread notifications (shown up to 99+):\n\n- changes to cards you follow (you follow the cards you wrote; follow others from a card’s menu)\n- jobs you started that ended, and invitations you sent that were accepted\n- for curators, new intel on the competitors they curate\n\nOpening one marks it read; <b>Mark all read</b> clears the count. Nobody is notified of their own changes.',
    },
    shortcuts: {
      q: 'Which keyboard shortcuts are there?',
      a: '- <kbd>/</kbd> puts you in the search box.\n- <kbd>↑</kbd> <kbd>↓</kbd> and <kbd>Enter</kbd> pick a suggestion; <kbd>Esc</kbd> closes the suggestions and, pressed again, leaves the box.\n- <kbd>Ctrl/⌘ + Shift + D</kbd> opens the quick switcher on the dashboard, profiles, search, Ask and company pages.\n- On this page, <kbd>Tab</kbd> moves between questions, <kbd>↑</kbd> <kbd>↓</kbd> too, and <kbd>Enter</kbd> or <kbd>Space</kbd> opens one.\n\nCurators can also move cards and lanes from the keyboard: <kbd>Space</kbd> picks one up, the arrow keys move it and <kbd>Space</kbd> drops it.',
    },
    'curator-view': {
      q: 'What do curators see that sellers don’t?',
      a: 'Curators and admins see every card, competitor, profile and battlecard of the company, drafts included, and the cards of each competitor’s <b>Scratchpad</b> board: their own notes, marked “Scratchpad” in search and never shown to sellers. They also see the incoming intel in <b>Alerts</b> and the review insights.\n\nSellers see only what is published and meant for them (see “Why can’t I find a card a colleague mentioned?”).',
    },
    'preview-as-group': {
      q: 'How do I check what a group of sellers sees?',
      a: 'Under <b>View as</b> in the dashboard’s curator tools, choose a visibility group or <b>Everyone</b>: the dashboard then shows the competitors a seller in only that group sees, with a banner naming the group, and searches from the top bar keep the preview. Profiles, battlecards and search results opened in a preview show exactly what that seller sees, under the same banner; <b>Preview as</b> in the banner switches the group and <b>Exit preview</b> ends it.\n\nAsk has its own <b>View as</b>, to read its answers as a group would.',
    },
    'card-permissions': {
      q: 'Who sees a card I write?',
      a: 'Each card has one of three settings under <b>Card permissions</b>:\n\n- <b>Curators only (draft)</b>: a draft, for curators.\n- <b>Everyone</b>: everyone at your company.\n- <b>Curators and the groups below</b>: curators and the visibility groups you tick.\n\nA card on a Scratchpad board stays a curators’ note whatever its setting, and no seller sees the cards of a competitor that is still a draft. Several cards at once can be changed with <b>Bulk edit</b>.',
    },
    'triage-intel': {
      q: 'How do I work through new intel in Alerts?',
      a: 'Alerts holds the intel that arrives and that sellers submit. <b>My new intel</b> is what is waiting for you; other views show everything, published, archived or important items, and you can save your own filters as a view and share it with the other curators.\n\nOn an item, <b>Publish</b> sends it to the sellers’ feed, <b>Archive</b> marks it handled and <b>Mark important</b> flags it; each says what it did and offers <b>Undo</b>. Select several items, or all that match, to change them together, and add published items to a digest.',
    },
    'build-battlecard': {
      q: 'How do I build a battlecard?',
      a: 'On a competitor’s <b>Battlecards</b>, choose <b>New battlecard</b> and give it a name. Add cards (up to 8 per layout), order them, and pick how the desktop, tablet and phone layouts show them. New battlecards are drafts that only curators see until you publish them. Sellers’ feedback on the cards shows below the battlecard.',
    },
    'send-digest': {
      q: 'How do I send a digest?',
      a: 'Open <b>Digest</b> under Share and create a new one: it starts with the title and introduction your company set. Add published intel to it from Alerts, put the items in order, preview the mail and <b>Send a test to me</b>. Then send it to everyone who receives digests; each reads it in their own language.\n\nIf sending is not available, an admin has to connect an outgoing mail server first.',
    },
    synonyms: {
      q: 'How do I teach search our team’s words?',
      a: 'In <b>Company settings</b> › <b>Search synonyms</b>, list the words that mean the same to your team. Two-way entries make each word find the others (“sso, single sign-on, saml”); one-way entries widen a word only (“cheap” also finds price, pricing, cost). Changes apply to the next search, in search, Alerts, the feed and Ask alike.\n\n<b>Search analytics</b> lists what people searched for and did not find; <b>Add a synonym</b> there opens an entry for their words, with what they searched next and found.',
    },
    'import-reviews': {
      q: 'How do I bring in reviews for review insights?',
      a: 'On <b>Insights</b>, choose a competitor and <b>Import reviews</b>: a CSV file with a header row, a JSON array or JSON Lines, one review per row, with its site (G2, Capterra, Gartner, TrustRadius and others), link, title, rating, date and text. A file is imported whole or not at all: a bad row is named by its line, and reviews already there are skipped.\n\nRivalscope then finds the aspects reviewers talk about and what they praise and criticise, with quotes; you can rename, merge and hide aspects and turn an insight into a card.',
    },
    'dynamic-boards': {
      q: 'What is a dynamic board?',
      a: 'A saved search that stays current: its words, filters, period and sort are kept, never its cards, so whoever opens it sees the search run for them, with only the cards they may see. Save one with <b>Save as dynamic board</b> on the search results, or start one from the dashboard’s <b>New</b> menu; publish it so everyone finds it on the dashboard.',
    },
    'invite-people': {
      q: 'How do I invite people and set their role?',
      a: 'In <b>Company settings</b> › <b>Users</b>, invite someone by email with a role and a visibility group. They get a single-use link, valid for 7 days, to set their name and password. The link is mailed when an outgoing mail server is connected and can always be copied; copying makes a new one, and the old stops working.\n\nFrom the same list, change someone’s role and groups, or deactivate them: their sessions end at once and what they wrote stays. The last active admin cannot be demoted or deactivated.',
    },
    'visibility-groups': {
      q: 'How do visibility groups work, and what happens when I delete one?',
      a: 'A visibility group (such as a region or a sales team) is a set of people that cards can be meant for. People see the cards meant for everyone and for their groups; curators see all.\n\nBefore you delete a group, Rivalscope tells you what depends on it: cards meant for that group alone become curators-only, cards also meant for other groups keep those, its members leave it, and it leaves Ask’s groups. Search follows at once.',
    },
    features: {
      q: 'How do I turn parts of Rivalscope on or off?',
      a: 'In <b>Company settings</b> › <b>Features</b>, each switch says in one line what it does and who changed it last: card sentiment and feedback, unified search, Ask on the dashboard, company landing pages, dynamic boards, news and unread badges for sellers, and more. A change applies to everyone at once and is written to the audit log.',
    },
    'reports-access': {
      q: 'Who can open which report?',
      a: 'With reports turned on for your company, admins open all four: consumer usage, curator activity, competitive analytics and search analytics. Curators always open search analytics, and each of the others when your company lets curators have it. Everyone else is refused.\n\nEach report reads any period, exports its tables as CSV and drills down, from a leaderboard to one person’s usage for example.',
    },
    'mail-server': {
      q: 'Why can’t we send digests or mail invitations?',
      a: 'Rivalscope sends mail only through an outgoing mail server that whoever runs it has connected (the SMTP_URL setting). Until then digests can be written and previewed but not sent, a notice says so, and invitations are shown as links to copy and pass on.',
    },
    'audit-log': {
      q: 'How do I see who changed a setting?',
      a: 'In <b>Company settings</b> › <b>Audit log</b>: who changed a feature, the company, a role, a group, someone’s account, an invitation or the search synonyms, and when. Search it and filter it by what changed. Each entry is written together with its change, so none is missing.',
    },
  },
};
