import { describe, expect, it } from 'vitest';
import { grantsFor } from './provision.ts';

const settings = {
  defaultRole: 'consumer' as const,
  defaultVisibilityGroupIds: [7],
  groupMappings: [
    { providerGroup: 'editors', role: 'curator' as const, visibilityGroupId: null },
    { providerGroup: 'it', role: 'admin' as const, visibilityGroupId: 3 },
    { providerGroup: 'sales', role: null, visibilityGroupId: 4 },
  ],
};

describe('grantsFor', () => {
  it('gives the defaults when no mapping matches', () => {
    expect(grantsFor(settings, ['nobody-maps-this'])).toEqual({ role: 'consumer', visibilityGroupIds: [7] });
  });

  it('takes the highest mapped role and every mapped group', () => {
    expect(grantsFor(settings, ['editors', 'it', 'sales'])).toEqual({ role: 'admin', visibilityGroupIds: [3, 4] });
  });

  it('keeps the default role when the matching mappings set only groups', () => {
    expect(grantsFor(settings, ['sales'])).toEqual({ role: 'consumer', visibilityGroupIds: [4] });
  });
});
