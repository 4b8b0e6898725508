// English words of what Rivalscope posts to Microsoft Teams (search-api/integrations/teams): the Adaptive Cards of
// published intel and digests (channels have no reader, so these go out in English), and the answers of the
// outgoing webhook (in the asker's language). Titles, summaries, names and topics go out as people wrote them.
export const teams = {
  newIntel: 'New intel',
  digest: 'Digest',
  rivals: 'Rivals',
  priority: 'Priority',
  topics: 'Topics',
  priorities: { important: 'Important', interesting: 'Interesting' },
  openItem: 'Open in Rivalscope',
  openSource: 'Read the source',
  openDigest: 'Open the digest',
  moreItems: '{count, plural, one {# more item} other {# more items}} in the digest',
  search: {
    results: 'Best cards for “{query}”',
    none: 'No cards match “{query}”.',
    empty: 'Type the words to search for after mentioning the bot.',
    openCard: 'Open card',
    moreResults: 'See all results in Rivalscope',
    signIn: 'Rivalscope does not know who you are in Teams. Sign in to Rivalscope with the email address of your Teams account, then ask again: {url}',
  },
};
