// Made-up customers, partners, people, executive roles, features and regions that card templates and intel items name.

export const FAKE_CUSTOMERS = [
  'Brightwater Logistics', 'Helios Health', 'Kestrel Bank', 'Juniper Retail', 'Copperline Energy', 'Orchard Foods',
  'Saltmarsh Insurance', 'Bluefin Media', 'Granite Freight', 'Aurora Telecom', 'Pinecrest University', 'Redwood Pharma',
  'Silverleaf Hotels', 'Harborview Capital', 'Nova Manufacturing', 'Tandem Payroll', 'Skyline Realty', 'Meadow Dairy',
];
export const PARTNERS = [
  'Snowfield', 'Redline Cloud', 'Azurite', 'Skylark CRM', 'Fjord Data', 'Cinder ETL', 'Beacon Consulting', 'Crestview Partners',
  'Trellis SI', 'Northstar Cloud',
];
export const PEOPLE = [
  'Alex Moreau', 'Bianca Silva', 'Chris Oduya', 'Dana Whitfield', 'Evan Park', 'Farah Aziz', 'Gabe Holloway', 'Ines Duarte',
  'Jonah Price', 'Kara Lindgren', 'Leo Marchetti', 'Mira Shah', 'Nadia Volkova', 'Owen Brooks', 'Paula Jensen', 'Quentin Hart',
];
export const EXEC_ROLES = ['Chief Revenue Officer', 'Chief Product Officer', 'Chief Technology Officer', 'VP of Sales', 'VP of Marketing', 'Chief Financial Officer'];
export const FEATURES = [
  'natural-language dashboards', 'an embedded analytics SDK', 'row-level security', 'SCIM provisioning', 'a semantic layer',
  'AI-generated dashboard summaries', 'usage-based pricing', 'Slack and Teams alerts', 'column-level data lineage',
  'a redesigned mobile app', 'a dbt integration', 'scheduled PDF reports', 'anomaly detection', 'a data catalog',
];
export const REGIONS = ['EMEA', 'APAC', 'North America', 'Latin America', 'the DACH region', 'the Nordics'];
