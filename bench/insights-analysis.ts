// Review analysis benchmark: analyzeReview's throughput on one core over generated review texts (target ≥ 5,000
// reviews/s, a review being 3–6 sentences, 60–120 words), then grouping and ranking for a rival with 100k reviews
// (target well under 60 s). The 100k reviews reuse the generated reviews' analyses under new review ids.
//
//   npx tsx bench/insights-analysis.ts
//   npx tsx bench/insights-analysis.ts --reviews 8000 --rival-reviews 200000
import { Command } from 'commander';
import { Rng } from '../db/seed/random.ts';
import { analyzeReview, type ReviewAnalysis } from '../search-api/insights/analysis/analyze.ts';
import { groupAspects, type MentionInput } from '../search-api/insights/analysis/aspects.ts';
import { aspectSentences, rankInsights } from '../search-api/insights/analysis/insights.ts';
import { insightSummary } from '../search-api/insights/summary.ts';

const opts = new Command()
  .option('--reviews <n>', 'distinct generated reviews to analyse', '4000')
  .option('--passes <n>', 'timed passes over them (the best counts)', '5')
  .option('--rival-reviews <n>', 'reviews of the rival that is grouped and ranked', '100000')
  .parse()
  .opts<{ reviews: string; passes: string; rivalReviews: string }>();

const RIVAL = 'Acme CRM';

/** Per aspect, sentences that praise it and sentences that complain; {slots} are filled from FILLS. */
const ASPECTS: Record<string, { praise: string[]; complaint: string[] }> = {
  'ease of use': {
    praise: [
      '{product} is so easy to use that {team} needed almost no training before the rollout last spring.',
      'The ease of use is a big win for {team}, who are not technical at all and hate clunky tools.',
      'Honestly it is intuitive and easy to learn, even for the new hires who join {team} every quarter.',
    ],
    complaint: [
      'It is not easy to use once you go beyond the basic screens, and every change takes far too many clicks.',
      'The interface is clunky and confusing for {team}, so adoption stayed low for the first six months.',
    ],
  },
  support: {
    praise: [
      'Customer support is fantastic and always responds within {n} hours, even on weekends and holidays.',
      'Their support team goes above and beyond whenever we open a ticket, and they follow up until it is fixed.',
    ],
    complaint: [
      'Support is slow and we often wait {n} days for an answer to simple questions about {feature}.',
      'Customer service never answered my tickets about {feature}, so we had to escalate through our account manager.',
    ],
  },
  pricing: {
    praise: ['Pricing is fair for what you get, especially on the annual plan with the volume discount we negotiated.'],
    complaint: [
      'Pricing is too expensive for small teams, and the renewal went up by {n} percent without much warning.',
      'The prices keep going up every year while the product barely changes, which is hard to justify to finance.',
    ],
  },
  reporting: {
    praise: ['The reporting module is powerful, and the {feature} are easy to share with leadership before our weekly calls.'],
    complaint: ['Reporting is clunky, and exporting reports to Excel is painful whenever {team} needs custom numbers.'],
  },
  integrations: {
    praise: ['Integrations with {crm} work flawlessly and sync every few minutes, so nobody has to copy data by hand.'],
    complaint: ['The {crm} integration is buggy and often breaks after their updates, which means duplicate records for days.'],
  },
  'mobile app': {
    praise: ['The mobile app is great for checking {feature} on the go between customer meetings and flights.'],
    complaint: ['The mobile app crashes constantly and freezes on older phones, so most reps gave up on it.'],
  },
  performance: {
    praise: ['Performance is solid even with {n} thousand records in our account and dozens of people logged in.'],
    complaint: ['Pages load very slowly and search times out during busy hours, especially at the end of the quarter.'],
  },
  onboarding: {
    praise: ['Onboarding was smooth thanks to a dedicated customer success manager who knew our industry well.'],
    complaint: ['Onboarding took {n} weeks, and the documentation is outdated in places, so we relied on trial and error.'],
  },
  security: {
    praise: ['Security features like SSO and audit logs are solid and easy to manage for our IT department.'],
    complaint: ['Setting up SSO was a nightmare, and permissions are hard to manage once you have several business units.'],
  },
};

/** How often this rival's reviewers praise each aspect when they raise it. */
const PRAISE_RATE: Record<string, number> = {
  'ease of use': 0.85, support: 0.8, pricing: 0.2, reporting: 0.5, integrations: 0.7, 'mobile app': 0.3,
  performance: 0.6, onboarding: 0.75, security: 0.7,
};

const CONTEXT = [
  'We have used {product} for {n} years across {team} and several regional offices.',
  'Our company has about {n} hundred employees, and most of the revenue organisation works in it every day.',
  'We mainly use it to track deals, forecasts and renewals for {team}.',
  'I manage a group of {n} account executives in the mid-market segment.',
  'We moved to {product} from spreadsheets and a homegrown tool that nobody wanted to maintain anymore.',
];

const FILLS: Record<string, readonly string[]> = {
  product: ['Acme', 'Acme CRM', 'the platform'],
  team: ['the sales team', 'our reps', 'the customer success team', 'our marketing folks', 'the finance team'],
  feature: ['dashboards', 'pipeline reports', 'forecasts', 'activity logs', 'deal alerts'],
  crm: ['Salesforce', 'HubSpot', 'Slack', 'Outlook', 'Gmail'],
  n: ['2', '3', '5', '10', '12', '20'],
};

function fill(rng: Rng, template: string): string {
  const sentence = template.replace(/\{(\w+)\}/g, (_, slot: string) => rng.pick(FILLS[slot]));
  return sentence.charAt(0).toUpperCase() + sentence.slice(1);
}

function generateReviews(count: number): { title: string; text: string }[] {
  const rng = new Rng('insights-analysis');
  const aspects = Object.keys(ASPECTS);
  return Array.from({ length: count }, () => {
    const sentences = [fill(rng, rng.pick(CONTEXT))];
    for (const aspect of rng.sample(aspects, rng.int(3, 5))) {
      const { praise, complaint } = ASPECTS[aspect];
      sentences.push(fill(rng, rng.pick(rng.chance(PRAISE_RATE[aspect]) ? praise : complaint)));
    }
    return { title: rng.pick(['Solid CRM for a growing team', 'Good but pricey', 'Mixed feelings', 'Does the job']), text: sentences.join(' ') };
  });
}

const reviews = generateReviews(Number(opts.reviews));
const wordCounts = reviews.map((r) => r.text.split(/\s+/).length);
const words = wordCounts.reduce((sum, n) => sum + n, 0) / reviews.length;
const sentences = reviews.reduce((sum, r) => sum + r.text.split(/[.!?]\s/).length, 0) / reviews.length;

let t0 = performance.now();
analyzeReview({ text: 'Loading the model.' });
const loadMs = performance.now() - t0;

// Wall time, and the process's CPU time, which shared machines disturb less.
let analyses: ReviewAnalysis[] = [];
let best = Infinity;
let bestCpu = Infinity;
for (let pass = 0; pass < Number(opts.passes); pass += 1) {
  const cpu = process.cpuUsage();
  t0 = performance.now();
  analyses = reviews.map((r) => analyzeReview(r, { rivalNames: [RIVAL] }));
  best = Math.min(best, performance.now() - t0);
  const used = process.cpuUsage(cpu);
  bestCpu = Math.min(bestCpu, (used.user + used.system) / 1000);
}

const rivalReviews = Number(opts.rivalReviews);
const rival = Array.from({ length: rivalReviews }, (_, i) => ({ reviewId: `r${i}`, analysis: analyses[i % analyses.length] }));
const mentions: MentionInput[] = [];
for (const { reviewId, analysis } of rival) for (const m of analysis.mentions) mentions.push({ ...m, reviewId });

t0 = performance.now();
const groups = groupAspects(mentions);
const groupMs = performance.now() - t0;
t0 = performance.now();
const byAspect = aspectSentences(groups, rival);
const sentencesMs = performance.now() - t0;
t0 = performance.now();
const insights = rankInsights(groups, byAspect);
const rankMs = performance.now() - t0;

const fmt = (n: number, digits = 0) => n.toLocaleString('en-US', { maximumFractionDigits: digits, minimumFractionDigits: digits });
console.log(`Model load: ${fmt(loadMs)} ms`);
console.log(`analyzeReview: ${fmt(reviews.length)} reviews (${fmt(words, 1)} words on average, ${Math.min(...wordCounts)}–${Math.max(...wordCounts)}; ~${fmt(sentences, 1)} sentences) in ${fmt(best)} ms → ${fmt((reviews.length / best) * 1000)} reviews/s (target ≥ 5,000); by CPU time ${fmt((reviews.length / bestCpu) * 1000)} reviews/s`);
console.log(`Rival with ${fmt(rivalReviews)} reviews, ${fmt(mentions.length)} mentions:`);
console.log(`  groupAspects    ${fmt(groupMs)} ms → ${groups.length} aspects`);
console.log(`  aspectSentences ${fmt(sentencesMs)} ms`);
console.log(`  rankInsights    ${fmt(rankMs)} ms → ${insights.strengths.length} strengths, ${insights.weaknesses.length} weaknesses`);
console.log(`  total           ${fmt(groupMs + sentencesMs + rankMs)} ms (target ≤ 60,000)`);
console.log('\nAspects (reviews, +/−/0):');
for (const g of groups) console.log(`  ${g.title.padEnd(28)} ${String(g.reviewCount).padStart(7)}  ${g.positive}/${g.negative}/${g.neutral}  [${g.keys.slice(0, 4).join(', ')}${g.keys.length > 4 ? ', …' : ''}]`);
for (const list of [insights.strengths, insights.weaknesses]) {
  for (const insight of list) {
    console.log(`\n${insight.type === 'strengths' ? '+' : '−'} ${insight.title}: ${insightSummary('en', { ...insight, kind: insight.type, written: null })} (confidence ${fmt(insight.confidence, 3)})`);
    for (const q of insight.quotes) console.log(`    “${q.text}” — ${q.reviewId}`);
  }
}
