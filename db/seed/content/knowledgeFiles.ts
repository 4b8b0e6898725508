// Builders of the knowledge hub's file types (PDF, Word, PowerPoint with speaker notes, Excel, text, Markdown, HTML,
// RTF), shared by the extraction tests and the demo seed, and the demo's own files: what Northwind Analytics' sales
// team keeps (a pitch deck, the 2026 pricing, a security whitepaper, release notes…), written so that search and Ask
// find real answers in them. Content is fixed (no clock, no randomness), so every seed reads the same.
import { Document, HeadingLevel, Packer, Paragraph } from 'docx';
import ExcelJS from 'exceljs';
import { PDFDocument, PDFHexString, PDFName, StandardFonts } from 'pdf-lib';
import PptxGenJS from 'pptxgenjs';
import { OUR_COMPANY } from './company.ts';

export type Section = { heading: string; paragraphs: string[] };
export type Slide = { title: string; bullets: string[]; notes?: string };
export type Sheet = { name: string; header: string[]; rows: (string | number)[][] };

/** Fixed metadata dates, so a builder's output does not depend on the clock. */
const FIXED_DATE = new Date('2026-01-15T09:00:00Z');

/** A PDF with a page for each text (Helvetica, wrapped; paragraphs split on blank lines). */
export async function pdfFile(pages: string[], opts: { title?: string; encrypted?: boolean } = {}): Promise<Buffer> {
  const doc = await PDFDocument.create({ updateMetadata: false });
  const font = await doc.embedFont(StandardFonts.Helvetica);
  if (opts.title) doc.setTitle(opts.title);
  doc.setCreationDate(FIXED_DATE);
  doc.setModificationDate(FIXED_DATE);
  for (const text of pages) {
    const page = doc.addPage([612, 792]);
    let y = 740;
    for (const para of text.split(/\n\s*\n/)) {
      for (const line of wrap(para.replace(/\s+/g, ' ').trim(), (s) => font.widthOfTextAtSize(s, 11), 500)) {
        if (y < 60) break;
        page.drawText(line, { x: 56, y, size: 11, font });
        y -= 15;
      }
      y -= 8;
    }
  }
  if (opts.encrypted) {
    // pdf-lib cannot encrypt; a standard security handler's dictionary with keys no empty password opens makes the
    // file what readers meet as a password-protected PDF.
    const hex = (seed: string) => PDFHexString.of(Buffer.from(seed.repeat(32).slice(0, 32)).toString('hex'));
    doc.context.trailerInfo.Encrypt = doc.context.register(
      doc.context.obj({ Filter: PDFName.of('Standard'), V: 1, R: 2, O: hex('owner'), U: hex('user'), P: -3904 }),
    );
    doc.context.trailerInfo.ID = doc.context.obj([hex('id'), hex('id')]);
  }
  return Buffer.from(await doc.save({ useObjectStreams: false }));
}

function wrap(text: string, width: (s: string) => number, max: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of text.split(' ')) {
    const next = line ? `${line} ${word}` : word;
    if (line && width(next) > max) {
      lines.push(line);
      line = word;
    } else line = next;
  }
  if (line) lines.push(line);
  return lines;
}

/** A Word document: each section a Heading 1 and its paragraphs. */
export function docxFile(sections: Section[], title = 'Document'): Promise<Buffer> {
  const doc = new Document({
    title,
    creator: OUR_COMPANY.name,
    sections: [{ children: sections.flatMap((s) => [new Paragraph({ text: s.heading, heading: HeadingLevel.HEADING_1 }), ...s.paragraphs.map((p) => new Paragraph({ text: p }))]) }],
  });
  return Packer.toBuffer(doc);
}

/** A PowerPoint deck: a title and bullets a slide, with speaker notes where given. */
export async function pptxFile(slides: Slide[], title = 'Presentation'): Promise<Buffer> {
  const pptx = new PptxGenJS();
  pptx.title = title;
  pptx.company = OUR_COMPANY.name;
  for (const s of slides) {
    const slide = pptx.addSlide();
    slide.addText(s.title, { x: 0.5, y: 0.3, w: 9, h: 0.8, fontSize: 28, bold: true });
    slide.addText(s.bullets.map((b) => ({ text: b, options: { bullet: true, breakLine: true } })), { x: 0.5, y: 1.3, w: 9, h: 4, fontSize: 18 });
    if (s.notes) slide.addNotes(s.notes);
  }
  return Buffer.from((await pptx.write({ outputType: 'nodebuffer' })) as Uint8Array);
}

/** An Excel workbook: each sheet a header row and its rows. */
export async function xlsxFile(sheets: Sheet[]): Promise<Buffer> {
  const book = new ExcelJS.Workbook();
  book.creator = OUR_COMPANY.name;
  book.created = FIXED_DATE;
  book.modified = FIXED_DATE;
  for (const s of sheets) {
    const sheet = book.addWorksheet(s.name);
    sheet.addRow(s.header);
    for (const r of s.rows) sheet.addRow(r);
  }
  return Buffer.from(await book.xlsx.writeBuffer());
}

export const textFile = (sections: Section[]) => Buffer.from(sections.map((s) => [s.heading, ...s.paragraphs].join('\n\n')).join('\n\n'));
export const markdownFile = (title: string, sections: Section[]) =>
  Buffer.from([`# ${title}`, ...sections.map((s) => [`## ${s.heading}`, ...s.paragraphs].join('\n\n'))].join('\n\n') + '\n');

const escHtml = (s: string) => s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
export const htmlFile = (title: string, sections: Section[]) =>
  Buffer.from(
    `<!doctype html>\n<html lang="en"><head><title>${escHtml(title)}</title><style>body { font-family: sans-serif }</style><script>window.analytics = 'tracking';</script></head><body>\n<h1>${escHtml(title)}</h1>\n` +
      sections.map((s) => `<h2>${escHtml(s.heading)}</h2>\n${s.paragraphs.map((p) => `<p>${escHtml(p)}</p>`).join('\n')}`).join('\n') +
      '\n</body></html>\n',
  );

/** RTF escapes: its specials, and every non-ASCII character as \uN? (N signed 16-bit). */
const escRtf = (s: string) =>
  s.replace(/[\\{}]/g, (c) => `\\${c}`).replace(/[^\x20-\x7e]/g, (c) => {
    const code = c.charCodeAt(0);
    return `\\u${code > 32767 ? code - 65536 : code}?`;
  });
export const rtfFile = (sections: Section[]) =>
  Buffer.from(
    '{\\rtf1\\ansi\\deff0{\\fonttbl{\\f0 Calibri;}}{\\colortbl;\\red0\\green0\\blue0;}{\\*\\generator Rivalscope seed;}\n' +
      sections.map((s) => `{\\pard\\b ${escRtf(s.heading)}\\b0\\par}\n${s.paragraphs.map((p) => `{\\pard ${escRtf(p)}\\par}`).join('\n')}`).join('\n') +
      '\n}\n',
  );

/**
 * A password-protected Office file as Office writes one: an OLE compound file whose directory holds the
 * EncryptionInfo and EncryptedPackage streams (MS-OFFCRYPTO); the package inside stays unreadable without the key.
 */
export function encryptedOfficeFile(): Buffer {
  const sector = 512;
  const header = Buffer.alloc(sector);
  Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]).copy(header, 0);
  header.writeUInt16LE(0x003e, 24); // minor version
  header.writeUInt16LE(0x0003, 26); // major version 3 (512-byte sectors)
  header.writeUInt16LE(0xfffe, 28); // little-endian
  header.writeUInt16LE(9, 30); // sector shift
  header.writeUInt16LE(6, 32); // mini sector shift
  header.writeUInt32LE(1, 44); // FAT sectors
  header.writeUInt32LE(1, 48); // first directory sector
  header.writeUInt32LE(4096, 56); // mini stream cutoff
  header.writeUInt32LE(0xfffffffe, 60);
  header.writeUInt32LE(0xfffffffe, 68);
  for (let i = 76; i < sector; i += 4) header.writeUInt32LE(0xffffffff, i);
  header.writeUInt32LE(0, 76); // the FAT is sector 0
  const fat = Buffer.alloc(sector, 0xff);
  fat.writeUInt32LE(0xfffffffd, 0); // sector 0: FAT
  fat.writeUInt32LE(0xfffffffe, 4); // sector 1: directory, end of chain
  const dir = Buffer.alloc(sector);
  const entry = (i: number, name: string, type: number) => {
    const n = Buffer.from(`${name}\0`, 'utf16le');
    n.copy(dir, i * 128);
    dir.writeUInt16LE(n.length, i * 128 + 64);
    dir.writeUInt8(type, i * 128 + 66);
    dir.writeUInt32LE(0xffffffff, i * 128 + 68);
    dir.writeUInt32LE(0xffffffff, i * 128 + 72);
    dir.writeUInt32LE(0xffffffff, i * 128 + 76);
  };
  entry(0, 'Root Entry', 5);
  entry(1, 'EncryptionInfo', 2);
  entry(2, 'EncryptedPackage', 2);
  return Buffer.concat([header, fat, dir]);
}

// ---------------------------------------------------------------------------------------------
// The demo's files: Northwind Analytics' own sales material, naming its products, prices and rivals.

type DemoProduct = (typeof OUR_COMPANY.products)[number];
export type DemoFile = {
  title: string;
  fileName: string;
  product: DemoProduct | null;
  state: 'draft' | 'approved';
  /** Only these groups read it (once approved); none: everyone. */
  groups: ('Sales' | 'Product Marketing' | 'Executives')[];
  /** Days before the seed's now it was uploaded. */
  daysAgo: number;
  build: () => Promise<Buffer> | Buffer;
};

const PRICING_ROWS: (string | number)[][] = [
  ['Team', 'Northwind Dashboards', '$25 / user / month', 'Up to 50 users, 40 connectors, email support', 'Monthly or annual'],
  ['Business', 'Northwind Dashboards', '$55 / user / month', 'Unlimited dashboards, all 180 connectors, scheduled reports, SSO', 'Annual'],
  ['Enterprise', 'Northwind Dashboards', 'From $90,000 / year', 'SCIM, row-level security, audit log, EU or APAC data residency, 99.9% SLA, named CSM', 'Annual'],
  ['Embed Starter', 'Northwind Embed', '$1,500 / month', '50,000 embedded sessions / month included, then $0.02 per session', 'Annual'],
  ['Embed Scale', 'Northwind Embed', '$4,000 / month', '250,000 sessions / month included, white-label theming, multi-tenant row-level security', 'Annual'],
  ['Govern add-on', 'Northwind Govern', '$15 / user / month', 'Column-level lineage, data catalog, certified metrics, policy alerts', 'Annual, Business or Enterprise'],
  ['Copilot add-on', 'Northwind Copilot', '$20 / user / month', '1,000 natural-language questions / user / month, governed answers with sources', 'Annual, Business or Enterprise'],
];
const DISCOUNT_ROWS: (string | number)[][] = [
  ['Up to 10%', 'Account executive', 'Any deal, annual prepay'],
  ['11% to 20%', 'Regional sales director', 'Multi-year or competitive displacement of Lumenary, Quantive Labs or DataHarbor'],
  ['21% to 30%', 'VP Sales', 'Strategic logo, deals above $250,000 ARR'],
  ['Above 30%', 'CFO', 'Never on Copilot; requires a business case'],
];
const COMPARE_ROWS: (string | number)[][] = [
  ['Entry price', '$25 / user / month', '$35 / user / month', 'Free developer tier, then usage', '$30 / user / month'],
  ['SSO', 'Business and Enterprise', 'Enterprise only', 'All paid plans', 'Business and up'],
  ['Row-level security', 'All plans', 'Enterprise only', 'Embedded only', 'Enterprise only'],
  ['Connectors', '180+', '90', '35', '120'],
  ['Data residency', 'US, EU, APAC', 'US, EU', 'US', 'US, EU'],
];

const SECURITY_PAGES = [
  'Northwind Analytics Security Whitepaper, 2026 edition.\n\nThis paper describes how Northwind Dashboards, Northwind Embed, Northwind Govern and Northwind Copilot protect customer data. It is written for security reviewers, procurement teams and data protection officers evaluating Northwind. Questions go to security@northwind.test; our trust center lists current certificates and subprocessors.',
  'Certifications and audits.\n\nNorthwind holds a SOC 2 Type II report covering security, availability and confidentiality, renewed every twelve months by an independent auditor. We are ISO 27001 certified since 2023 and ISO 27701 certified since 2025. Customers under NDA can download the full SOC 2 report and our latest penetration test summary from the trust center. We complete the CAIQ and SIG Lite questionnaires on request within five business days.',
  'Hosting and data residency.\n\nNorthwind runs on AWS in three regions: US East (Virginia), EU Central (Frankfurt) and APAC (Sydney). A customer chooses its region when the workspace is created, and customer data never leaves that region, including backups. Data residency in the EU or APAC is part of the Enterprise plan. Lumenary offers only US and EU regions, and Quantive Labs hosts in the US only, which often decides regulated deals in Australia and Germany.',
  'Encryption.\n\nAll data is encrypted in transit with TLS 1.2 or higher and at rest with AES-256. Enterprise customers can bring their own key through AWS KMS; revoking the key makes the workspace unreadable within fifteen minutes. Credentials for warehouse connections are sealed with a per-workspace key and are never shown again after they are saved.',
  'Identity and access.\n\nNorthwind supports SAML 2.0 and OpenID Connect single sign-on on the Business and Enterprise plans, and SCIM 2.0 provisioning on Enterprise. Roles are admin, editor and viewer, with custom roles on Enterprise. Row-level security is available on every plan, not only the top tier as with Lumenary and Vantapoint, and is enforced in the query engine so that embedded dashboards inherit it.',
  'Query-time security for embedded analytics.\n\nNorthwind Embed signs every embedded session with a short-lived token that carries the tenant and the user attributes. The query engine applies the tenant filter before any cache is read, so one tenant can never see another tenant’s rows, even in cached results. Quantive Labs applies tenant filters in the front end SDK, which a security reviewer will ask about.',
  'Data governance with Northwind Govern.\n\nNorthwind Govern adds column-level lineage from the warehouse to every dashboard tile, a data catalog, certified metrics and policy alerts when a sensitive column appears in a shared dashboard. Personal data columns can be masked by role. DataHarbor offers table-level lineage only; Lumenary has no lineage at all.',
  'AI and Northwind Copilot.\n\nNorthwind Copilot answers questions in natural language using only the semantic layer and the data the user may already see. Prompts and answers are not used to train any model. Copilot runs on models hosted in the customer’s region; customers on Enterprise can turn it off per workspace or connect their own Azure OpenAI deployment. Every answer shows the metric definitions and queries it used.',
  'Logging, monitoring and audit.\n\nEvery sign-in, permission change, export and query is written to an audit log that Enterprise customers can stream to Splunk, Datadog or any SIEM through a webhook. Logs are kept for 400 days. Our security operations team monitors production around the clock and pages an engineer within five minutes of a critical alert.',
  'Availability and disaster recovery.\n\nThe Enterprise plan carries a 99.9% uptime SLA with service credits. Over the last twelve months measured availability was 99.97%. Databases are replicated across three availability zones, backups are taken every hour and kept for 35 days, and we test a full regional restore twice a year. Our recovery point objective is one hour and our recovery time objective is four hours.',
  'Vulnerability management and secure development.\n\nCode is reviewed by a second engineer before it ships, scanned for vulnerable dependencies on every build, and tested by an external firm twice a year. Critical vulnerabilities are fixed within 72 hours. We run a public bug bounty program and publish security advisories on the trust center.',
  'Privacy and subprocessors.\n\nNorthwind is a processor under GDPR and signs a data processing agreement with standard contractual clauses. We list every subprocessor on the trust center and announce changes thirty days ahead. Customer data is deleted within 30 days of the end of a contract, and a deletion certificate is available on request.',
];

const CASE_STUDIES = [
  'Case study: Helix Logistics moves from Lumenary to Northwind Dashboards.\n\nHelix Logistics, a freight company with 4,200 employees, replaced Lumenary after its warehouse bill grew 60% in a year. Northwind’s query caching cut Helix’s Snowflake spend by 38% in the first quarter. 1,100 dispatchers now use Northwind dashboards daily, and the finance team closes the month two days faster. "We got the AI features we wanted without the surprise invoices," says Helix’s VP of Data.',
  'Case study: Brightwater Health embeds analytics for 600 clinics with Northwind Embed.\n\nBrightwater Health evaluated Quantive Labs and Northwind Embed for its clinic portal. It chose Northwind because tenant isolation is enforced in the query engine and because of APAC data residency. Brightwater launched embedded reporting to 600 clinics in nine weeks and now serves 180,000 sessions a month at a lower cost per session than its previous in-house tool.',
  'Case study: Corvid Bank governs 2,000 metrics with Northwind Govern.\n\nCorvid Bank needed column-level lineage for its regulators. DataHarbor could only show table-level lineage. With Northwind Govern, Corvid certified 2,000 metrics, masked personal data by role and passed its annual model risk audit with no findings on reporting. Northwind Copilot is now rolled out to 900 analysts with governed answers.',
  'Case study: Pinecrest Retail standardises on Northwind across 14 countries.\n\nPinecrest Retail consolidated three BI tools, including Vantapoint, onto Northwind Dashboards. The move saved $410,000 a year in licences. Store managers read daily sales dashboards on mobile, and the EU data residency option satisfied Pinecrest’s works councils.',
];

const PITCH_DECK: Slide[] = [
  { title: 'Northwind Analytics', bullets: ['Governed analytics for every team', 'Dashboards, Embed, Govern and Copilot on one semantic layer'], notes: 'Open with the customer’s problem, not our logo. Ask how many BI tools they run today; most prospects answer three or more.' },
  { title: 'The problem', bullets: ['Metrics disagree across tools', 'Warehouse costs grow faster than usage', 'AI answers nobody can trust'], notes: 'Tell the Helix Logistics story: their Lumenary warehouse bill grew 60% in one year.' },
  { title: 'One semantic layer', bullets: ['Define a metric once, use it in dashboards, embedded apps and Copilot', '180+ connectors to warehouses and SaaS apps'], notes: 'Lumenary has 90 connectors and Quantive Labs 35. Do not attack them by name unless the prospect brings them up.' },
  { title: 'Northwind Copilot', bullets: ['Questions in plain language', 'Answers cite the metric definitions they used', 'Never trained on customer data'], notes: 'If the prospect saw the Lumenary Ask demo, point out that Copilot answers from certified metrics, so the number matches the dashboard.' },
  { title: 'Security you can show an auditor', bullets: ['SOC 2 Type II, ISO 27001 and 27701', 'US, EU and APAC data residency', 'Row-level security on every plan'], notes: 'Offer the security whitepaper and the trust center link. Enterprise includes bring-your-own-key.' },
  { title: 'Customers', bullets: ['More than 1,900 customers in 40 countries', 'Helix Logistics, Brightwater Health, Corvid Bank, Pinecrest Retail'], notes: 'Net revenue retention is 124%. Use the customer count from the variables, it is updated every quarter.' },
  { title: 'Pricing', bullets: ['Team from $25 per user per month', 'Business $55 per user per month', 'Enterprise from $90,000 per year'], notes: 'Never discount on the first call. Up to 10% is the account executive’s call with annual prepay; more needs a director.' },
  { title: 'Next steps', bullets: ['Two-week proof of value on your data', 'Security review pack', 'Executive sponsor call'], notes: 'Book the proof of value before you leave the meeting. Proofs of value close at 62%, deals without one at 23%.' },
];

const OBJECTIONS: Section[] = [
  { heading: 'Lumenary is cheaper', paragraphs: ['Lumenary lists at $35 per user per month against our Business plan at $55, but SSO, SCIM and row-level security are on their Enterprise tier only, which typically starts at $120,000 a year. Compare the plan the customer actually needs.', 'Add the warehouse cost: Lumenary queries the warehouse live on every view. Helix Logistics saw its Snowflake bill grow 60% in a year; Northwind’s caching cut it by 38%.'] },
  { heading: 'Lumenary Ask demos better than Copilot', paragraphs: ['Agree that the demo is impressive, then ask who certifies the numbers. Northwind Copilot answers from certified metrics in the semantic layer and shows the definition it used, so the answer matches the dashboard the CFO sees.'] },
  { heading: 'Quantive Labs is built for developers', paragraphs: ['Quantive Labs has a good SDK, but tenant filters are applied in the front end. Northwind Embed enforces tenant isolation in the query engine, which is what a security review asks for. Brightwater Health chose Northwind for exactly this reason.'] },
  { heading: 'DataHarbor already owns our catalog', paragraphs: ['DataHarbor shows table-level lineage; regulators increasingly ask for column-level lineage. Northwind Govern traces every column from the warehouse to the dashboard tile, and can read DataHarbor’s catalog through its API so nothing is thrown away.'] },
  { heading: 'We need to stay on premises', paragraphs: ['Northwind is SaaS only. Offer EU or APAC data residency, bring-your-own-key encryption on Enterprise and the SOC 2 Type II report. If on premises is a hard requirement, qualify out early; Vantapoint is the usual winner there.'] },
  { heading: 'Migration will take too long', paragraphs: ['Our migration service converts Vantapoint and Lumenary dashboards with an automated importer; Pinecrest Retail moved 3,400 dashboards in eleven weeks. The first team is usually live in two weeks.'] },
];

const PRODUCT_OVERVIEW: Section[] = [
  { heading: 'Northwind Dashboards', paragraphs: ['Northwind Dashboards is self-service BI on a governed semantic layer. Analysts define metrics once; business users explore them in dashboards, scheduled reports and mobile apps. It connects to more than 180 sources, including Snowflake, BigQuery, Databricks, Redshift, Salesforce and HubSpot.', 'Query caching and incremental refresh keep warehouse costs predictable. Row-level security is included on every plan.'] },
  { heading: 'Northwind Embed', paragraphs: ['Northwind Embed puts dashboards and self-service exploration inside a customer’s own product, white-labelled, with tenant isolation enforced in the query engine. It is priced per embedded session: Embed Starter is $1,500 a month with 50,000 sessions included.'] },
  { heading: 'Northwind Govern', paragraphs: ['Northwind Govern adds column-level lineage, a data catalog, certified metrics, masking of personal data by role and policy alerts. It is an add-on at $15 per user per month on the Business and Enterprise plans.'] },
  { heading: 'Northwind Copilot', paragraphs: ['Northwind Copilot answers questions in natural language from certified metrics and shows the definitions and queries behind each answer. It is an add-on at $20 per user per month with 1,000 questions per user per month. Customer prompts and data are never used to train models.'] },
];

const POSITIONING_MEMO: Section[] = [
  { heading: 'Where we win', paragraphs: ['We win when the buyer has more than one analytics use case: internal dashboards plus embedded customer reporting, or dashboards plus governance. No rival covers all four products on one semantic layer. Our win rate against Lumenary is 58% when Govern is in the deal and 41% without it.'] },
  { heading: 'Where we lose', paragraphs: ['We lose to Lumenary in small data teams that buy on the demo of Lumenary Ask and never reach a security review. We lose to Quantive Labs when engineering owns the decision and price per session is the only criterion. Draft: proposed response is a free Embed developer tier in the second half of 2026.'] },
  { heading: 'Proposed messaging', paragraphs: ['Lead with "one semantic layer for every analytics use case". Proof points: 180+ connectors, row-level security on every plan, three data residency regions, 124% net revenue retention. Do not claim the cheapest list price.'] },
];

const IMPLEMENTATION: Section[] = [
  { heading: 'Week 1: connect and model', paragraphs: ['Connect the warehouse, import existing metric definitions from dbt and set up single sign-on. Our solutions engineer builds the first ten certified metrics with the customer’s analysts.'] },
  { heading: 'Weeks 2 to 4: first team live', paragraphs: ['The first team gets its dashboards, scheduled reports and alerts. We hold two training sessions for editors and one for viewers, and measure weekly active users.'] },
  { heading: 'Weeks 5 to 8: rollout', paragraphs: ['Further teams are onboarded in waves. Dashboards from Vantapoint or Lumenary are converted with the migration importer. Govern and Copilot are switched on once metrics are certified.'] },
];

const INTEGRATIONS: Section[] = [
  { heading: 'Warehouses', paragraphs: ['Northwind connects to Snowflake, BigQuery, Databricks, Amazon Redshift, Azure Synapse, PostgreSQL and ClickHouse with key-pair or OAuth authentication. Queries run in the warehouse; results are cached for the refresh interval the editor chooses.'] },
  { heading: 'Embedding with Northwind Embed', paragraphs: ['Your backend requests a signed embed token from the Northwind API with the tenant id and user attributes, and your front end renders the dashboard with the Northwind Embed web component. Tokens expire after ten minutes. Row-level security rules read the attributes, so each tenant sees only its rows.'] },
  { heading: 'Single sign-on and SCIM', paragraphs: ['Configure SAML 2.0 with Okta, Microsoft Entra ID or Google Workspace. SCIM 2.0 provisioning on Enterprise creates and removes users and maps groups to Northwind roles.'] },
  { heading: 'dbt and the semantic layer', paragraphs: ['Northwind reads dbt metrics and the dbt Semantic Layer, so definitions stay in version control. A change merged in dbt updates every dashboard, embedded app and Copilot answer that uses the metric.'] },
];

const ROI_NOTES: Section[] = [
  { heading: 'ROI calculator notes', paragraphs: ['How the sales team fills in the ROI calculator with a prospect. Keep every assumption conservative; the CFO will check them.'] },
  { heading: 'Licence consolidation', paragraphs: ['Count the BI tools the prospect pays for. The median customer retires 2.4 tools in the first year. Pinecrest Retail saved $410,000 a year by retiring Vantapoint and two other tools.'] },
  { heading: 'Warehouse savings', paragraphs: ['Assume 25% lower warehouse compute for dashboard workloads thanks to caching. Helix Logistics saw 38%, but quote 25% unless the prospect shares its bills.'] },
  { heading: 'Analyst time', paragraphs: ['Certified metrics remove duplicate report requests. Assume four hours saved per analyst per week; at a loaded cost of $75 an hour that is $15,600 per analyst per year.'] },
];

const RELEASE_NOTES: Section[] = [
  { heading: 'Release 2026.1 (January)', paragraphs: ['Northwind Copilot now shows the SQL and the certified metric behind every answer. Admins can restrict Copilot to certified metrics only.', 'Northwind Embed adds a React component and theming tokens for white-label embedding.'] },
  { heading: 'Release 2026.2 (February)', paragraphs: ['APAC data residency in Sydney is generally available for Enterprise workspaces.', 'Northwind Govern adds policy alerts when a column tagged as personal data appears in a shared dashboard.'] },
  { heading: 'Release 2026.3 (March)', paragraphs: ['The migration importer converts Lumenary Studio dashboards in addition to Vantapoint workbooks.', 'Scheduled reports can be delivered to Slack and Microsoft Teams channels.', 'New connectors: ClickHouse, Salesforce Data Cloud and NetSuite, bringing the total to 184.'] } ,
];

const BOARD_UPDATE = [
  'Board update: pricing strategy 2027. Confidential, executives only.\n\nWe propose to raise the Business plan from $55 to $59 per user per month for new customers from January 2027 and to move SSO into the Team plan to answer Lumenary’s bundling. Modelled impact: plus 4% new ARR, churn neutral.',
  'Copilot packaging.\n\nCopilot attach rate is 31% of Business and Enterprise customers. Option A bundles 200 questions per user into Enterprise; option B keeps the $20 add-on and adds a usage tier. Recommendation: option A, decision at the March board meeting.',
];

const DISCOUNT_POLICY: Section[] = [
  { heading: 'Who approves a discount', paragraphs: ['Up to 10%: the account executive, with annual prepayment. 11% to 20%: the regional sales director, for multi-year deals or competitive displacements. 21% to 30%: the VP Sales. Above 30%: the CFO, never on Copilot.'] },
  { heading: 'Competitive displacement', paragraphs: ['When a customer moves off Lumenary, Quantive Labs or DataHarbor, we can credit up to six months of their remaining contract as a first-year discount, within the approval limits above.'] },
];

const COPILOT_FAQ: Section[] = [
  { heading: 'Does Copilot train on our data?', paragraphs: ['No. Prompts, answers and customer data are never used to train any model, ours or our providers’.'] },
  { heading: 'How is Copilot different from Lumenary Ask?', paragraphs: ['Copilot answers only from certified metrics in the semantic layer and shows its sources, so its numbers match the dashboards. Lumenary Ask generates SQL over raw tables.'] },
  { heading: 'What does Copilot cost?', paragraphs: ['Copilot is an add-on at $20 per user per month on Business and Enterprise, with 1,000 questions per user per month.'] },
];

export const DEMO_FILES: DemoFile[] = [
  { title: 'Northwind pitch deck 2026', fileName: 'northwind-pitch-deck-2026.pptx', product: null, state: 'approved', groups: [], daysAgo: 40, build: () => pptxFile(PITCH_DECK, 'Northwind pitch deck 2026') },
  {
    title: 'Pricing sheet 2026',
    fileName: 'pricing-sheet-2026.xlsx',
    product: null,
    state: 'approved',
    groups: [],
    daysAgo: 35,
    build: () =>
      xlsxFile([
        { name: 'Plans', header: ['Plan', 'Product', 'Price', 'Includes', 'Billing'], rows: PRICING_ROWS },
        { name: 'Discounts', header: ['Discount', 'Approver', 'When'], rows: DISCOUNT_ROWS },
        { name: 'Compared', header: ['Criterion', 'Northwind', 'Lumenary', 'Quantive Labs', 'Vantapoint'], rows: COMPARE_ROWS },
      ]),
  },
  {
    title: 'Pricing sheet 2026 (PDF)',
    fileName: 'pricing-sheet-2026.pdf',
    product: null,
    state: 'approved',
    groups: [],
    daysAgo: 35,
    build: () =>
      pdfFile(
        [
          'Northwind Analytics pricing 2026.\n\nAll prices in US dollars, billed annually unless stated. Prices valid from 1 January 2026.',
          ...PRICING_ROWS.map((r) => `${r[0]} (${r[1]}): ${r[2]}. Includes ${r[3]}. Billing: ${r[4]}.`).reduce<string[]>((pages, line, i) => (i % 4 === 0 ? [...pages, line] : [...pages.slice(0, -1), `${pages.at(-1)}\n\n${line}`]), []),
          'Discounts.\n\n' + DISCOUNT_ROWS.map((r) => `${r[0]}: approved by the ${r[1]}. ${r[2]}.`).join('\n\n'),
        ],
        { title: 'Pricing sheet 2026' },
      ),
  },
  { title: 'Security whitepaper', fileName: 'northwind-security-whitepaper.pdf', product: 'Northwind Govern', state: 'approved', groups: [], daysAgo: 90, build: () => pdfFile(SECURITY_PAGES, { title: 'Northwind Security Whitepaper' }) },
  { title: 'Release notes 2026', fileName: 'release-notes-2026.md', product: null, state: 'approved', groups: [], daysAgo: 5, build: () => markdownFile('Northwind release notes 2026', RELEASE_NOTES) },
  { title: 'Product overview', fileName: 'product-overview.docx', product: null, state: 'approved', groups: [], daysAgo: 60, build: () => docxFile(PRODUCT_OVERVIEW, 'Product overview') },
  { title: 'Objection handling guide', fileName: 'objection-handling-guide.docx', product: 'Northwind Dashboards', state: 'approved', groups: [], daysAgo: 20, build: () => docxFile(OBJECTIONS, 'Objection handling guide') },
  { title: 'Customer case studies', fileName: 'customer-case-studies.pdf', product: null, state: 'approved', groups: [], daysAgo: 50, build: () => pdfFile(CASE_STUDIES, { title: 'Customer case studies' }) },
  { title: 'Integration guide', fileName: 'integration-guide.html', product: 'Northwind Embed', state: 'approved', groups: [], daysAgo: 30, build: () => htmlFile('Northwind integration guide', INTEGRATIONS) },
  { title: 'ROI calculator notes', fileName: 'roi-calculator-notes.txt', product: null, state: 'approved', groups: ['Sales'], daysAgo: 25, build: () => textFile(ROI_NOTES) },
  { title: 'Implementation plan', fileName: 'implementation-plan.docx', product: 'Northwind Dashboards', state: 'approved', groups: [], daysAgo: 70, build: () => docxFile(IMPLEMENTATION, 'Implementation plan') },
  { title: 'Discount approval policy', fileName: 'discount-approval-policy.md', product: null, state: 'approved', groups: ['Sales', 'Executives'], daysAgo: 15, build: () => markdownFile('Discount approval policy', DISCOUNT_POLICY) },
  { title: 'Copilot FAQ', fileName: 'copilot-faq.rtf', product: 'Northwind Copilot', state: 'approved', groups: [], daysAgo: 10, build: () => rtfFile(COPILOT_FAQ) },
  { title: 'Competitive positioning memo', fileName: 'competitive-positioning-memo.docx', product: null, state: 'draft', groups: [], daysAgo: 3, build: () => docxFile(POSITIONING_MEMO, 'Competitive positioning memo') },
  { title: 'Board update: pricing strategy 2027', fileName: 'board-update-pricing-2027.pdf', product: null, state: 'approved', groups: ['Executives'], daysAgo: 8, build: () => pdfFile(BOARD_UPDATE, { title: 'Board update: pricing strategy 2027' }) },
  { title: 'Copilot launch FAQ (draft)', fileName: 'copilot-launch-faq-draft.md', product: 'Northwind Copilot', state: 'draft', groups: [], daysAgo: 1, build: () => markdownFile('Copilot launch FAQ', COPILOT_FAQ) },
];
