// English words of what every chat integration posts (search-api/integrations): the message "Send a test message"
// posts through a routing rule, to Slack or Teams alike.
export const integrations = {
  testTitle: 'Test message from Rivalscope',
  testSummary: 'The routing rule “{channel}” works: published intel and digests it matches will be posted here.',
};
