import { describe, expect, it } from 'vitest';
import { parseFormula } from '../../../../contracts/cards.ts';
import { FORMULA_TYPES, splitCardHtml } from '../dynamic/formulas.ts';
import { blockIssue, companyArg, placeholderIssue, editorHtml, FORMULA_GROUPS, formulaPlaceholder, storedText, webDomain } from './formulaText.ts';

describe('the grouped formula list', () => {
  it('offers every formula type of part 1 §9 exactly once, Salesforce ones in their own group', () => {
    const listed = Object.values(FORMULA_GROUPS).flat();
    expect([...listed].sort()).toEqual(Object.keys(FORMULA_TYPES).sort());
    expect(FORMULA_GROUPS.salesforce.every((k) => FORMULA_TYPES[k].salesforce)).toBe(true);
    expect(listed.filter((k) => FORMULA_TYPES[k].salesforce)).toHaveLength(FORMULA_GROUPS.salesforce.length);
  });
});

describe('placeholders written by the editor', () => {
  it('are read back by parseFormula as the same formula', () => {
    const f = { formulaKey: 'trafficComparison', companies: ['rival', 12, 'acme.com'] };
    expect(formulaPlaceholder(f)).toBe('{{trafficComparison(rival, 12, acme.com)}}');
    expect(parseFormula(formulaPlaceholder(f))).toMatchObject(f);
    const sf = { formulaKey: 'latestOpportunities', companies: ['rival'], sfdcQueryType: 'Closed Opportunities Last 6 Months' };
    expect(parseFormula(formulaPlaceholder(sf))).toMatchObject(sf);
  });

  it('take rival ids as numbers, the current rival and domains as text', () => {
    expect(['rival', '12', 'Acme.com'].map(companyArg)).toEqual(['rival', 12, 'acme.com']);
    expect(webDomain(' https://www.Acme.com/about?x=1 ')).toBe('www.acme.com');
    expect(webDomain('acme')).toBeNull();
    expect(webDomain('java script:alert(1)')).toBeNull();
  });
});

describe('block validity in the editor (part 2 §5, the renderer\'s rule)', () => {
  it('names what is missing', () => {
    expect(blockIssue({ formulaKey: 'revenue', companies: ['rival'] })).toBeNull();
    expect(blockIssue({ formulaKey: 'revenue', companies: [] })).toBe('needsCompany');
    expect(blockIssue({ formulaKey: 'revenueComparison', companies: ['rival', 'rival'] })).toBe('needsTwoCompanies');
    expect(blockIssue({ formulaKey: 'revenueComparison', companies: ['rival', 4] })).toBeNull();
    expect(blockIssue({ formulaKey: 'crmWins', companies: [] })).toBeNull();
    expect(blockIssue({ formulaKey: 'horoscope', companies: ['rival'] })).toBe('unknownType');
    expect(placeholderIssue('{{trafficComparison(rival, rival)}}')).toBe('needsTwoCompanies');
    expect(placeholderIssue('{{traffic(rival)}}')).toBeNull();
    expect(placeholderIssue('not a formula')).toBe('unknownType');
  });
});

describe('card HTML ⇄ editor HTML', () => {
  const stored = '<h4>Numbers</h4><p><strong>Revenue:</strong></p><p>{{revenue(rival)}}</p><p>Text</p><p>{{latestOpportunities(rival, "open")}}</p>';

  it('loads whole-paragraph placeholders as formula nodes and leaves inline ones as text', () => {
    expect(editorHtml(stored)).toBe(
      '<h4>Numbers</h4><p><strong>Revenue:</strong></p><div data-formula="{{revenue(rival)}}"></div><p>Text</p>' +
        '<div data-formula="{{latestOpportunities(rival, &quot;open&quot;)}}"></div>',
    );
    expect(editorHtml('<p>Hiring: {{jobPostings(rival)}} now</p>')).toBe('<p>Hiring: {{jobPostings(rival)}} now</p>');
  });

  it('saves formula nodes as placeholder paragraphs and textJson blocks, and round-trips', () => {
    const saved = storedText(editorHtml(stored));
    expect(saved.textHtml).toBe(stored);
    expect(saved.hasDynamicBlocks).toBe(true);
    expect(saved.textJson).toEqual([
      { type: 'html', value: '<h4>Numbers</h4><p><strong>Revenue:</strong></p>' },
      { type: 'formula', value: '{{revenue(rival)}}' },
      { type: 'html', value: '<p>Text</p>' },
      { type: 'formula', value: '{{latestOpportunities(rival, "open")}}' },
    ]);
    // The renderer finds the same blocks in the saved HTML.
    expect(splitCardHtml(saved.textHtml).filter((s) => s.kind === 'formula')).toHaveLength(2);
  });

  it('reads the attribute as the browser serializes it and drops empty paragraphs at the ends', () => {
    const fromEditor = '<p></p><div data-formula="{{latestOpportunities(rival, &quot;open&quot;)}}" contenteditable="false"></div><p></p><p></p>';
    expect(storedText(fromEditor)).toEqual({
      textHtml: '<p>{{latestOpportunities(rival, "open")}}</p>',
      textJson: [{ type: 'formula', value: '{{latestOpportunities(rival, "open")}}' }],
      hasDynamicBlocks: true,
    });
  });

  it('keeps a card without formulas as one html block', () => {
    expect(storedText('<p>Plain <em>text</em></p>')).toEqual({ textHtml: '<p>Plain <em>text</em></p>', textJson: [{ type: 'html', value: '<p>Plain <em>text</em></p>' }], hasDynamicBlocks: false });
    expect(storedText('<p></p>')).toEqual({ textHtml: '', textJson: [{ type: 'html', value: '' }], hasDynamicBlocks: false });
  });
});
