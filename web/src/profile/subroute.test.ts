import { describe, expect, it } from 'vitest';
import { bulkEditOption, profileSubroute } from './subroute.ts';

describe('profile sub-routes', () => {
  it('reads the board view, with an editor for /edit/card/{id}', () => {
    expect(profileSubroute('')).toEqual({ view: 'board', editCardId: null });
    expect(profileSubroute('view')).toEqual({ view: 'board', editCardId: null });
    expect(profileSubroute('edit/card/42')).toEqual({ view: 'board', editCardId: 42 });
    expect(profileSubroute('edit/card/42/edit')).toEqual({ view: 'board', editCardId: 42 });
    expect(profileSubroute('edit/card/x')).toEqual({ view: 'board', editCardId: null });
  });

  it('reads a card link into the viewer, and falls back to the board view without a good id', () => {
    expect(profileSubroute('view/card/42')).toEqual({ view: 'card', cardId: 42 });
    expect(profileSubroute('view/card/0')).toEqual({ view: 'board', editCardId: null });
    expect(profileSubroute('view/card')).toEqual({ view: 'board', editCardId: null });
  });

  it('reads the battlecard view with or without a battlecard id', () => {
    expect(profileSubroute('battlecard/view')).toEqual({ view: 'battlecard', battlecardId: null });
    expect(profileSubroute('battlecard/view/7')).toEqual({ view: 'battlecard', battlecardId: 7 });
    expect(profileSubroute('battlecard/7')).toEqual({ view: 'battlecard', battlecardId: 7 });
    expect(profileSubroute('battlecard/view/0')).toEqual({ view: 'battlecard', battlecardId: null });
  });

  it('reads the rival’s news, and falls back to the board view below it', () => {
    expect(profileSubroute('news')).toEqual({ view: 'news' });
    expect(profileSubroute('news/')).toEqual({ view: 'news' });
    expect(profileSubroute('news/7')).toEqual({ view: 'board', editCardId: null });
    expect(profileSubroute('newsroom')).toEqual({ view: 'board', editCardId: null });
  });

  it('reads the bulk edit option, defaulting to card permissions', () => {
    expect(bulkEditOption('')).toBeNull();
    expect(bulkEditOption('?bulkEditOption=tags')).toBeNull();
    expect(bulkEditOption('?action=bulkEdit&bulkEditOption=tags')).toBe('tags');
    expect(bulkEditOption('?action=bulkEdit&bulkEditOption=delete')).toBe('delete');
    expect(bulkEditOption('?action=bulkEdit&bulkEditOption=nope')).toBe('cardPermissions');
  });
});
