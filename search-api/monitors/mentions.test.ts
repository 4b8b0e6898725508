import { describe, expect, it } from 'vitest';
import { thesaurusOf } from '../search/text.ts';
import { rivalsMentioned, topicsMentioned } from './mentions.ts';

const RIVALS = [
  { id: 1, name: 'DataHarbor', aliases: ['Data Harbor'] },
  { id: 2, name: 'Snowfield', aliases: [] },
  { id: 3, name: 'Quantive Labs', aliases: ['Quantive'] },
  { id: 4, name: 'Ümlaut Systems', aliases: [] },
];

describe('rivalsMentioned', () => {
  it('matches whole names and aliases in any case, possessives included', () => {
    expect(rivalsMentioned("DataHarbor's new plan undercuts QUANTIVE on price", RIVALS)).toEqual([1, 3]);
    expect(rivalsMentioned('A deal lost to data harbor.', RIVALS)).toEqual([1]);
  });

  it('does not match inside a longer word', () => {
    expect(rivalsMentioned('A snowfieldish winter; the dataharbors of old', RIVALS)).toEqual([]);
    expect(rivalsMentioned('Snowfield-powered search', RIVALS)).toEqual([2]);
  });

  it('matches multi-word and non-ASCII names', () => {
    expect(rivalsMentioned('Quantive Labs raises a Series B', RIVALS)).toEqual([3]);
    expect(rivalsMentioned('ümlaut systems partners with Snowfield', RIVALS)).toEqual([2, 4]);
    expect(rivalsMentioned('Ümlaut announces nothing', RIVALS)).toEqual([]);
  });
});

describe('topicsMentioned', () => {
  const synonyms = thesaurusOf([
    { terms: ['sso', 'single sign-on', 'saml'], mapsTo: [] },
    { terms: ['pricing'], mapsTo: ['price', 'cost'] },
  ]);

  it('matches a topic by its stems, in any case and form', () => {
    expect(topicsMentioned('New integrations with Slack and Teams', ['Integration', 'Hiring'], synonyms)).toEqual(['Integration']);
    expect(topicsMentioned('We are hiring account executives', ['Hiring', 'Pricing'], synonyms)).toEqual(['Hiring']);
  });

  it('matches through the company\'s synonyms', () => {
    expect(topicsMentioned('SAML login now on every plan', ['SSO', 'Pricing'], synonyms)).toEqual(['SSO']);
    expect(topicsMentioned('The Pro plan costs $59 now', ['SSO', 'Pricing'], synonyms)).toEqual(['Pricing']);
    expect(topicsMentioned('Single sign-on for Starter', ['sso'], synonyms)).toEqual(['sso']);
  });

  it("wants a topic's words in a row", () => {
    expect(topicsMentioned('A free trial of 14 days', ['Free trial'], synonyms)).toEqual(['Free trial']);
    expect(topicsMentioned('Free webinars; the trial ends soon', ['Free trial'], synonyms)).toEqual([]);
    expect(topicsMentioned('Enterprise adds SAML at no extra price', ['SSO pricing', 'Enterprise SSO'], synonyms)).toEqual([]);
    expect(topicsMentioned('A new SAML price list', ['SSO pricing', 'Enterprise SSO'], synonyms)).toEqual(['SSO pricing']);
  });
});
