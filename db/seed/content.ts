// Vocabulary and templates for the demo and scale seeders, one module per area under db/seed/content/:
// our company and people, the rivals, card templates per board and the intel feed's words. Pure data plus
// tiny HTML helpers; no I/O.
export * from './content/company.ts';
export * from './content/rivals.ts';
export * from './content/html.ts';
export * from './content/cards.ts';
export * from './content/intel.ts';
export { fill } from './random.ts';
