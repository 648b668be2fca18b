import { act, renderHook } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { isProductionHost } from './hosts';
import { levelsFromEntries, useFeatureStore } from './store';
import { featureUsable, useFeature } from './useFeature';

afterEach(() => useFeatureStore.getState().reset());

describe('useFeature rule (spec §4 Features)', () => {
  it('production host: usable only at level 2', () => {
    useFeatureStore.setState({ levels: { blog: 1, help: 2, tooltips: 0 } });
    expect(featureUsable('blog', true)).toBe(false);
    expect(featureUsable('help', true)).toBe(true);
    expect(featureUsable('tooltips', true)).toBe(false);
    expect(featureUsable('sparklines', true)).toBe(false);
  });

  it('other hosts: usable at level 1 or more', () => {
    useFeatureStore.setState({ levels: { blog: 1, help: 2, tooltips: 0 } });
    expect(featureUsable('blog', false)).toBe(true);
    expect(featureUsable('help', false)).toBe(true);
    expect(featureUsable('tooltips', false)).toBe(false);
    expect(featureUsable('sparklines', false)).toBe(false);
  });

  it('enableFeatures sets named features to level 2 (usable on production)', () => {
    useFeatureStore.setState({ levels: { blog: 1 } });
    const { result } = renderHook(() => useFeature('blog', true));
    expect(result.current).toBe(false);
    act(() => useFeatureStore.getState().enableFeatures(['blog', 'not_a_feature']));
    expect(result.current).toBe(true);
    expect(useFeatureStore.getState().levels).toEqual({ blog: 2 });
  });

  it('the user-info features list enables flags (names → 2, explicit levels kept)', () => {
    expect(levelsFromEntries(['help', { name: 'blog', level: 1 }, { name: 'x' }, { name: 'tooltips' }])).toEqual({
      help: 2,
      blog: 1,
      tooltips: 2,
    });
  });

  it('production hosts come from configuration; localhost is not one', () => {
    expect(isProductionHost('localhost')).toBe(false);
    expect(isProductionHost('BONDWISE.com', ['bondwise.com'])).toBe(true);
  });
});
