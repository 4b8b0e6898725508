// Intel feed vocabulary: channel, state and priority weights, sources, topics and their templates.
import type { Rng } from '../random.ts';
import type { RivalFacts } from './rivals.ts';
import { EXEC_ROLES, FAKE_CUSTOMERS, FEATURES, PARTNERS, PEOPLE, REGIONS } from './names.ts';

export const INTEL_CHANNEL_WEIGHTS = [
  ['rss', 62],
  ['slack', 8],
  ['teams', 4],
  ['extension', 6],
  ['email', 5],
  ['rivalscopebot', 8],
  ['in_app', 4],
  ['new_page', 3],
] as const;

export const INTEL_STATE_WEIGHTS = [
  ['unprocessed', 50],
  ['working', 10],
  ['archived', 35],
  ['deleted', 5],
] as const;

export const INTEL_PRIORITY_WEIGHTS = [
  [null, 80],
  ['interesting', 13],
  ['important', 7],
] as const;

export const NEWS_SOURCES = [
  'techwire.test', 'saasdaily.test', 'datadispatch.test', 'pressline.test', 'analyticsweekly.test', 'cloudbeat.test',
  'venturejournal.test', 'biinsider.test', 'enterprisetimes.test', 'devpulse.test',
];
export const REVIEW_SOURCES = ['peerscore.test', 'reviewhub.test'];
export const JOB_SOURCES = ['jobsboard.test', 'talentfeed.test'];
export const SOCIAL_SOURCES = ['chirper.test', 'linkedpro.test'];

export type IntelTopic = {
  topic: string;
  contentTypes: readonly (readonly [string, number])[];
  titles: string[];
  lead: string[];
  details: string[];
};

/** Placeholders: {R} rival, {product}, {ai}, {feature}, {partner}, {customer}, {person}, {role}, {amount}, {count}, {region}, {pct}. */
export const INTEL_TOPICS: IntelTopic[] = [
  {
    topic: 'pricing',
    contentTypes: [['article', 5], ['webpage_change', 3], ['review', 1]],
    titles: ['{R} raises list prices by {pct}', '{R} introduces a new mid-tier plan', '{R} moves SSO to a cheaper plan', '{R} drops its free tier', '{R} switches {product} to usage-based pricing'],
    lead: ['{R} has updated its pricing for {product}, according to changes on its website.', 'Customers report that {R} is changing how it charges for {product}.'],
    details: ['The change affects new customers immediately and renewals from next quarter.', 'Sellers should expect prospects to bring up the new {R} price points.', 'Analysts see the move as a response to pressure on per-seat pricing.', 'Existing customers are reportedly being offered a {pct} discount to sign multi-year renewals.'],
  },
  {
    topic: 'product launch',
    contentTypes: [['article', 5], ['press_release', 4], ['social', 1]],
    titles: ['{R} launches {feature}', '{R} unveils {ai} 2.0', '{R} announces {feature} for {product}', '{R} ships {feature} in public beta'],
    lead: ['{R} announced {feature} at its annual customer conference.', '{R} today released {feature} as part of {product}.'],
    details: ['The feature is available on the Enterprise tier first.', '{R} says the release is aimed at {region} customers.', 'Early reviewers praise the interface but question accuracy.', 'The launch puts {R} closer to parity with Northwind on AI features.'],
  },
  {
    topic: 'funding',
    contentTypes: [['article', 5], ['press_release', 4]],
    titles: ['{R} raises {amount} to expand AI analytics', '{R} closes {amount} growth round', '{R} reportedly in talks to raise at a higher valuation'],
    lead: ['{R} has raised {amount} in new funding.', 'Investors have put {amount} into {R}, the company said on Tuesday.'],
    details: ['The money will fund hiring in sales and engineering.', '{R} plans to expand in {region}.', 'Fresh funding usually means more aggressive discounting in the next two quarters.', 'The round values {R} well above its previous valuation.'],
  },
  {
    topic: 'hiring',
    contentTypes: [['job_posting', 8], ['article', 1]],
    titles: ['{R} is hiring a {role}', '{R} posts {count} new engineering roles', '{R} hiring enterprise account executives in {region}', '{R} opens roles for {feature}'],
    lead: ['{R} has posted {count} new job openings this month.', 'A new {R} job posting hints at work on {feature}.'],
    details: ['Several roles mention experience with embedded analytics.', 'The postings point to an expansion of the enterprise sales team.', 'Roles in {region} suggest a new regional office.', 'One posting mentions building SOC 2 and ISO 27001 compliance programs.'],
  },
  {
    topic: 'partnership',
    contentTypes: [['press_release', 5], ['article', 4]],
    titles: ['{R} partners with {partner}', '{R} and {partner} announce joint connector', '{R} joins {partner} marketplace'],
    lead: ['{R} and {partner} announced a strategic partnership.', '{partner} will resell {product} to its customers, {R} said.'],
    details: ['The partnership includes co-selling in {region}.', 'Customers of {partner} get a discount on {R} for the first year.', 'The deal could make {R} harder to displace in joint accounts.'],
  },
  {
    topic: 'leadership',
    contentTypes: [['article', 5], ['press_release', 3], ['social', 2]],
    titles: ['{R} names {person} {role}', '{R} {role} departs', '{person} joins {R} as {role}'],
    lead: ['{R} has appointed {person} as {role}.', '{R} confirmed that its {role} is leaving the company.'],
    details: ['{person} previously led go-to-market at a larger analytics vendor.', 'The change comes after a difficult quarter for {R}.', 'Leadership changes often precede a pricing or packaging overhaul.'],
  },
  {
    topic: 'customer win',
    contentTypes: [['press_release', 4], ['article', 3], ['social', 2]],
    titles: ['{customer} selects {R} for company-wide analytics', '{R} announces {customer} as a customer', '{customer} standardises on {product}'],
    lead: ['{customer} has chosen {R} to replace its legacy reporting.', '{R} announced that {customer} will roll out {product} to {count} employees.'],
    details: ['The deal was competitive; Northwind was not shortlisted.', '{R} cites {feature} as the deciding factor.', 'Expect {R} to use {customer} as a reference in similar deals.'],
  },
  {
    topic: 'outage',
    contentTypes: [['article', 4], ['social', 4], ['review', 1]],
    titles: ['{R} suffers multi-hour outage', 'Users report {product} downtime', '{R} status page shows degraded performance in {region}'],
    lead: ['{R} customers reported problems loading dashboards for several hours.', 'The {R} status page confirmed an incident affecting {product}.'],
    details: ['The incident affected customers in {region}.', '{R} has not yet published a root-cause analysis.', 'Mention reliability carefully; never disparage a competitor.'],
  },
  {
    topic: 'security',
    contentTypes: [['article', 5], ['press_release', 2], ['webpage_change', 1]],
    titles: ['{R} achieves SOC 2 Type II', '{R} discloses security incident', '{R} adds SSO and SCIM to all plans', '{R} publishes new trust center'],
    lead: ['{R} announced changes to its security and compliance posture.', 'A new {R} trust center page lists its certifications and subprocessors.'],
    details: ['Security reviews have been a stall point in {R} deals.', 'The change narrows one of our differentiators.', 'Prospects in regulated industries will ask about this.'],
  },
  {
    topic: 'acquisition',
    contentTypes: [['article', 5], ['press_release', 4]],
    titles: ['{R} acquires {partner}', '{R} to be acquired, sources say', '{R} to buy {partner} in a push into {feature}'],
    lead: ['{R} has agreed to acquire {partner} for an undisclosed sum.', 'Sources say {R} is exploring a sale to a larger software company.'],
    details: ['The acquisition fills a gap in {feature}.', 'Integration is expected to take several quarters.', 'Customers may face roadmap uncertainty during the transition.'],
  },
  {
    topic: 'review',
    contentTypes: [['review', 8], ['article', 1]],
    titles: ['New {R} review: "great demo, painful rollout"', '{R} rated {stars} stars by a mid-market customer', 'Reviewer compares {R} and Northwind'],
    lead: ['A new review of {R} was posted on a software review site.', 'A {role} at a mid-market company reviewed {R} ({product}).'],
    details: ['The reviewer praises {feature} but criticises support response times.', 'They mention renewal pricing as the main concern.', 'The review mentions evaluating Northwind before choosing {R}.'],
  },
  {
    topic: 'webinar',
    contentTypes: [['article', 3], ['social', 2], ['webpage_change', 1]],
    titles: ['{R} webinar: {feature} deep dive', '{R} hosts roadshow in {region}', '{R} announces user conference dates'],
    lead: ['{R} is promoting a webinar on {feature}.', '{R} will run a series of events in {region} next month.'],
    details: ['The agenda suggests a push into enterprise accounts.', 'Sign up with a personal email to see the content.', 'Speakers include {person}, {role} at {R}.'],
  },
];

export const INTEL_FILLERS = { FAKE_CUSTOMERS, PARTNERS, PEOPLE, EXEC_ROLES, FEATURES, REGIONS };

/** Fills an intel template with values drawn for one item. */
export function intelValues(rng: Rng, r: RivalFacts): Record<string, string> {
  return {
    R: r.name,
    product: rng.pick(r.products),
    ai: r.ai,
    feature: rng.pick(FEATURES),
    partner: rng.pick(PARTNERS),
    customer: rng.pick(FAKE_CUSTOMERS),
    person: rng.pick(PEOPLE),
    role: rng.pick(EXEC_ROLES),
    amount: `$${rng.int(8, 250)}M`,
    count: String(rng.int(5, 60)),
    region: rng.pick(REGIONS),
    pct: `${rng.int(5, 25)}%`,
    stars: String(rng.int(2, 5)),
  };
}
