// Drafting positioning from passages: the extractive cues, and reading a model's answer.
import { describe, expect, it } from 'vitest';
import { cueScore, extractiveDraft, parseModelDraft, sentencesOf, type DraftPassage } from './drafting.ts';

const passage = (fileId: number, seq: number, text: string): DraftPassage => ({ fileId, seq, title: `File ${fileId}`, text });

describe('the extractive draft', () => {
  it('splits sentences and keeps those of a statement’s length', () => {
    expect(sentencesOf('Short one. Northwind helps teams answer questions in minutes. 2,400 customers use it daily!')).toEqual([
      'Northwind helps teams answer questions in minutes.',
      '2,400 customers use it daily!',
    ]);
  });

  it('scores each kind by its cues', () => {
    expect(cueScore('proof_point', 'Over 2,400 customers, among them Harbor Bank.')).toBe(3);
    expect(cueScore('proof_point', 'We were founded in 2014 in Seattle.')).toBe(0);
    expect(cueScore('differentiator', 'The only platform with one metric layer.')).toBeGreaterThan(0);
    expect(cueScore('ideal_customer', 'Built for mid-market companies with a small data team.')).toBe(2);
    expect(cueScore('ideal_customer', 'Our office is in Seattle and very nice.')).toBe(0);
    expect(cueScore('value_proposition', 'Northwind helps every team make decisions faster.')).toBe(2);
    expect(cueScore('value_proposition', 'Northwind helps.')).toBe(0);
  });

  it('picks value, audience, differentiators and proof, each sentence once, citing its passage', () => {
    const drafted = extractiveDraft([
      passage(7, 1, 'Northwind helps every team make decisions faster without waiting on analysts. Our office is in a lovely old building.'),
      passage(7, 2, 'It is built for mid-market companies with a small central data team. Unlike per-seat tools, viewers are free.'),
      passage(9, 4, 'Customers cut report time by 80% in the first quarter. Over 2,400 customers such as Harbor Bank rely on it.'),
      passage(9, 5, 'The only platform where dashboards and the assistant share one metric layer.'),
    ]);
    expect(drafted).toEqual([
      { kind: 'value_proposition', text: 'Northwind helps every team make decisions faster without waiting on analysts.', sources: ['7:1'] },
      { kind: 'ideal_customer', text: 'It is built for mid-market companies with a small central data team.', sources: ['7:2'] },
      { kind: 'differentiator', text: 'Unlike per-seat tools, viewers are free.', sources: ['7:2'] },
      { kind: 'differentiator', text: 'The only platform where dashboards and the assistant share one metric layer.', sources: ['9:5'] },
      // The named customers score above the bare figure.
      { kind: 'proof_point', text: 'Over 2,400 customers such as Harbor Bank rely on it.', sources: ['9:4'] },
      { kind: 'proof_point', text: 'Customers cut report time by 80% in the first quarter.', sources: ['9:4'] },
    ]);
  });

  it('drafts nothing from text that states none of them, and keeps within each kind’s limit', () => {
    expect(extractiveDraft([passage(1, 1, 'Our office is in a lovely old building near the harbour.')])).toEqual([]);
    const many = Array.from({ length: 8 }, (_, i) => passage(2, i, `Unlike rival number ${'abcdefgh'[i]}, we answer in plain words.`));
    expect(extractiveDraft(many).filter((s) => s.kind === 'differentiator')).toHaveLength(4);
  });
});

describe('a model’s draft', () => {
  const given = [passage(3, 1, 'a'), passage(3, 2, 'b'), passage(4, 1, 'c')];
  it('keeps lines of a known kind that cite a passage given, without the markers', () => {
    const answer = [
      'VALUE: Governed answers in minutes [1].',
      '- PROOF: 2,400 customers [3][9]',
      'DIFFERENTIATOR: Viewers are free.',
      'CUSTOMER: Mid-market data teams [2, 3]',
      'Here is your draft!',
    ].join('\n');
    expect(parseModelDraft(answer, given)).toEqual([
      { kind: 'value_proposition', text: 'Governed answers in minutes.', sources: ['3:1'] },
      { kind: 'ideal_customer', text: 'Mid-market data teams', sources: ['3:2', '4:1'] },
      { kind: 'proof_point', text: '2,400 customers', sources: ['4:1'] },
    ]);
  });
  it('keeps one value proposition only', () => {
    expect(parseModelDraft('VALUE: One [1]\nVALUE: Two [2]', given).map((s) => s.text)).toEqual(['One']);
  });
});
