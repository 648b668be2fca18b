import { describe, expect, it } from 'vitest';
import { fromLocalInput, toLocalInput } from './localDateTime';

describe('datetime-local values', () => {
  it('round-trips an instant through the input value to the minute, and empty stays empty', () => {
    const iso = '2026-11-27T14:30:00.000Z';
    const local = toLocalInput(iso);
    expect(local).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}$/);
    expect(fromLocalInput(local)).toBe(iso);
    expect(toLocalInput(null)).toBe('');
    expect(fromLocalInput('')).toBeNull();
  });
});
