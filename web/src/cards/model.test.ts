import { describe, expect, it } from 'vitest';
import { canMove, consumerFeedback, nextSentiment, permissionsBody, previewGroupOf, sentimentOf, sourceUrlError, visibilityModeOf } from './model.ts';

describe('card visibility modes', () => {
  it('reads draft first, then all access, else groups', () => {
    expect(visibilityModeOf({ isDraft: true, allAccess: true })).toBe(0);
    expect(visibilityModeOf({ isDraft: false, allAccess: true })).toBe(1);
    expect(visibilityModeOf({ isDraft: false, allAccess: false })).toBe(2);
  });

  it('writes the fields of each mode; groups only in mode 2, without repeats', () => {
    expect(permissionsBody(0, [3])).toEqual({ isDraft: true, allAccess: false, visibilityGroups: [] });
    expect(permissionsBody(1, [3])).toEqual({ isDraft: false, allAccess: true, visibilityGroups: [] });
    expect(permissionsBody(2, [3, 4, 3])).toEqual({ isDraft: false, allAccess: false, visibilityGroups: [3, 4] });
    // No groups chosen: only full access users (and curators) see the card.
    expect(permissionsBody(2, [])).toEqual({ isDraft: false, allAccess: false, visibilityGroups: [] });
  });
});

describe('sentiment', () => {
  it('toggles the active one off and switches to the other', () => {
    expect(nextSentiment(null, 1)).toBe(1);
    expect(nextSentiment(1, 1)).toBeNull();
    expect(nextSentiment(1, 2)).toBe(2);
    expect(nextSentiment(2, 2)).toBeNull();
  });

  it('reads userData.cardSentiment by card id and ignores other values', () => {
    const userData = { cardSentiment: { '7': 1, '8': 2, '9': 3 } };
    expect(sentimentOf(userData, 7)).toBe(1);
    expect(sentimentOf(userData, 8)).toBe(2);
    expect(sentimentOf(userData, 9)).toBeNull();
    expect(sentimentOf(userData, 10)).toBeNull();
    expect(sentimentOf({}, 7)).toBeNull();
  });
});

describe('sources and moves', () => {
  it('refuses invalid and already listed source URLs with "invalid URL"', () => {
    expect(sourceUrlError('https://example.com/a', [])).toBeNull();
    expect(sourceUrlError('example.com', [])).toBe('invalid URL');
    expect(sourceUrlError('ftp://example.com', [])).toBe('invalid URL');
    expect(sourceUrlError(' https://example.com/a ', ['https://example.com/a'])).toBe('invalid URL');
  });

  it('needs a lane other than the current one', () => {
    expect(canMove(5, null)).toBe(false);
    expect(canMove(5, 5)).toBe(false);
    expect(canMove(5, 6)).toBe(true);
  });
});

describe('who gets sentiment and feedback', () => {
  it('consumers only, as the company flags allow', () => {
    expect(consumerFeedback(true, { cardSentiment: true }, 'viewer')).toEqual({ sentiment: false, feedback: false });
    expect(consumerFeedback(false, { cardSentiment: true }, 'viewer')).toEqual({ sentiment: true, feedback: true });
    expect(consumerFeedback(false, {}, 'viewer')).toEqual({ sentiment: false, feedback: true });
    expect(consumerFeedback(false, { cardSentiment: true, cardFeedbackDisabled: true }, 'viewer')).toEqual({ sentiment: true, feedback: false });
  });

  it('the hover flag hides both on cards but not in the viewer', () => {
    const flags = { cardSentiment: true, sentimentAndFeedbackOnHoverDisabled: true };
    expect(consumerFeedback(false, flags, 'hover')).toEqual({ sentiment: false, feedback: false });
    expect(consumerFeedback(false, flags, 'viewer')).toEqual({ sentiment: true, feedback: true });
  });
});

describe('preview mode', () => {
  it('reads a positive visibility group id; 0 and junk mean none', () => {
    expect(previewGroupOf('?previewing=3')).toBe(3);
    expect(previewGroupOf('?previewing=0')).toBeNull();
    expect(previewGroupOf('?previewing=-1')).toBeNull();
    expect(previewGroupOf('?previewing=abc')).toBeNull();
    expect(previewGroupOf('')).toBeNull();
  });
});
