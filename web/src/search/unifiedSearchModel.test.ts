import { describe, expect, it } from 'vitest';
import { consumer, curator, admin, makeCompany } from '../test/fixtures.ts';
import { availableModes, defaultMode, looksLikeQuestion, modeForInput, modeOfPath, pickedMode, SEARCH_MODE_KEY } from './unifiedSearchModel.ts';

describe('unified search modes', () => {
  it('offers alerts to curators and admins only, and reviews to those who see insights', () => {
    const c = makeCompany({ unifiedSearch: true });
    expect(availableModes(curator(), c)).toEqual(['ask', 'cards', 'alerts', 'reviews']);
    expect(availableModes(admin(), c)).toEqual(['ask', 'cards', 'alerts', 'reviews']);
    expect(availableModes(consumer(), c)).toEqual(['ask', 'cards']);
    expect(availableModes({ ...consumer(), isImpersonating: true }, c)).toEqual(['ask', 'cards', 'reviews']);
  });
  it('offers ask only with unified search', () => {
    expect(availableModes(consumer(), makeCompany())).toEqual(['cards']);
  });
  it('defaults to ask with the dashboard Ask flag, otherwise cards', () => {
    expect(defaultMode(consumer(), makeCompany({ unifiedSearch: true, askDashboard: true }))).toBe('ask');
    expect(defaultMode(consumer(), makeCompany({ unifiedSearch: true }))).toBe('cards');
  });
  it('hides ask and card search in win/loss-exclusive companies', () => {
    expect(availableModes(curator(), makeCompany({ unifiedSearch: true, winLossExclusive: true }))).toEqual(['alerts', 'reviews']);
    expect(defaultMode(consumer(), makeCompany({ winLossExclusive: true }))).toBeNull();
  });
  it('reads the mode a page implies', () => {
    expect(modeOfPath('/search/x')).toBe('cards');
    expect(modeOfPath('/alerts')).toBe('alerts');
    expect(modeOfPath('/ask-rivalscope')).toBe('ask');
    expect(modeOfPath('/insights/3/reviews')).toBe('reviews');
    expect(modeOfPath('/insightsx')).toBeNull();
    expect(modeOfPath('/dashboard')).toBeNull();
  });
  it('tells questions from search terms', () => {
    for (const q of ['How does Lumenary price?', 'how do we win against Lumenary', 'Does Vantapoint have SSO', 'pricing?', 'why   not']) expect(looksLikeQuestion(q), q).toBe(true);
    for (const q of ['pricing', 'lumenary pricing', 'how', 'whatever pricing', 'SSO support', '  ']) expect(looksLikeQuestion(q), q).toBe(false);
  });
  it('sends typed terms to cards and questions to Ask until the user picks a mode', () => {
    const modes = ['ask', 'cards'] as const;
    expect(modeForInput('', modes, 'ask')).toBe('ask');
    expect(modeForInput('pricing', modes, 'ask')).toBe('cards');
    expect(modeForInput('How does Lumenary price?', modes, 'ask')).toBe('ask');
    expect(modeForInput('How does Lumenary price?', ['cards'], 'cards')).toBe('cards');
    expect(modeForInput('pricing', ['alerts', 'reviews'], 'alerts')).toBe('alerts');
  });
  it('keeps the mode a user picked while they may still use it', () => {
    const picked = (mode: unknown) => ({ ...consumer(), userData: { [SEARCH_MODE_KEY]: mode } });
    expect(pickedMode(picked('ask'), ['ask', 'cards'])).toBe('ask');
    expect(pickedMode(picked('alerts'), ['ask', 'cards'])).toBeNull();
    expect(pickedMode(picked(42), ['ask', 'cards'])).toBeNull();
    expect(pickedMode(consumer(), ['ask', 'cards'])).toBeNull();
  });
});
