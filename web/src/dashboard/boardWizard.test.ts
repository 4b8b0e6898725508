import { describe, expect, it } from 'vitest';
import { RivalCreate } from '../../../contracts/cards.ts';
import { BLANK_BOARD_NAME, canSubmit, categoryOptions, emptyWizard, normalizeUrl, rivalCreateBody, withCategory, withCompany, type WizardForm } from './boardWizard.ts';

const form = (f: Partial<WizardForm>): WizardForm => ({ ...emptyWizard, ...f });

describe('board wizard rules (part 3 §5)', () => {
  it('offers other only when blank boards are allowed', () => {
    expect(categoryOptions(false)).toEqual(['company', 'product']);
    expect(categoryOptions(true)).toEqual(['company', 'product', 'other']);
  });

  it('prepends https:// to a URL without a scheme', () => {
    expect(normalizeUrl(' acme.com ')).toBe('https://acme.com');
    expect(normalizeUrl('http://acme.com/x')).toBe('http://acme.com/x');
    expect(normalizeUrl('   ')).toBe('');
  });

  it('enables submit only with a name, a category and a valid URL', () => {
    expect(canSubmit(form({ name: 'Acme', url: 'acme.com' }))).toBe(false);
    expect(canSubmit(form({ category: 'company', url: 'acme.com' }))).toBe(false);
    expect(canSubmit(form({ category: 'company', name: '  ', url: 'acme.com' }))).toBe(false);
    expect(canSubmit(form({ category: 'company', name: 'Acme' }))).toBe(false);
    expect(canSubmit(form({ category: 'product', name: 'Acme', url: 'not a url' }))).toBe(false);
    expect(canSubmit(form({ category: 'company', name: 'Acme', url: 'acme.com' }))).toBe(true);
    // A blank board needs no URL, but a given one must be valid.
    expect(canSubmit(form({ category: 'other', name: 'Notes' }))).toBe(true);
    expect(canSubmit(form({ category: 'other', name: 'Notes', url: 'nope' }))).toBe(false);
  });

  it('a picked company fills the name and its website as an https URL', () => {
    const picked = withCompany(form({ category: 'company', name: 'typed', template: '7' }), { name: 'Lumenary', domain: 'lumenary.test' });
    expect(picked).toEqual({ category: 'company', name: 'Lumenary', url: 'https://lumenary.test', template: '7' });
    expect(canSubmit(picked)).toBe(true);
  });

  it('choosing other sets the default name unless one is typed', () => {
    expect(withCategory(form({}), 'other').name).toBe(BLANK_BOARD_NAME);
    expect(withCategory(form({ name: 'Mine' }), 'other').name).toBe('Mine');
    expect(withCategory(form({}), 'company').name).toBe('');
  });

  it('builds a body the API accepts: template -1 sends no copyFromId, none sends 0, a profile id copies it', () => {
    const base = form({ category: 'company', name: ' Acme ', url: 'acme.com' });
    expect(rivalCreateBody(base)).toEqual({ name: 'Acme', category: 'company', url: 'https://acme.com' });
    expect(rivalCreateBody({ ...base, template: '' }).copyFromId).toBe(0);
    expect(RivalCreate.safeParse(rivalCreateBody({ ...base, template: '' })).success).toBe(true);
    expect(rivalCreateBody({ ...base, template: '42' }).copyFromId).toBe(42);
    expect(RivalCreate.safeParse(rivalCreateBody(base)).success).toBe(true);
    expect(RivalCreate.safeParse(rivalCreateBody(form({ category: 'other', name: BLANK_BOARD_NAME }))).success).toBe(true);
  });
});
