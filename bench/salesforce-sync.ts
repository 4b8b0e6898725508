// Prints how long a full Salesforce sync of 100,000 opportunities from the local stand-in takes (target ≤ 60 s):
// `npx tsx bench/salesforce-sync.ts [opportunities]`.
import { benchSalesforceSync } from './lib/salesforceSync.ts';

const n = Number(process.argv[2] ?? 100_000);
const { opportunities, seconds } = await benchSalesforceSync({ opportunities: n, log: (line) => console.error(line) });
console.log(`salesforce sync: ${opportunities} opportunities in ${seconds.toFixed(1)} s (target ≤ 60 s)`);
