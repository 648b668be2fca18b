import { describe, expect, it } from 'vitest';
import { CacheSlot, defineCache, defineProcessCache, registeredCaches, resetAllCaches } from './registry';

const declaration = {
  home: 'server/services/caches/registry.test.ts',
  key: 'what was asked',
  lifetime: 'until invalidated' as const,
  invalidatedBy: ['a test'],
};

describe('the cache registry', () => {
  const perDatabase = defineCache<object, Map<string, number>>({ ...declaration, name: 'test.perDatabase', per: 'database' });
  const perProcess = defineProcessCache({ ...declaration, name: 'test.perProcess', per: 'process' }, new Map<string, number>());
  const slot = defineProcessCache({ ...declaration, name: 'test.slot', per: 'process' }, new CacheSlot<string>());

  it('keeps one value per owner, made on first use, and lists every declaration by name', () => {
    const [a, b] = [{}, {}];
    perDatabase.of(a, () => new Map()).set('x', 1);
    expect(perDatabase.of(a, () => new Map()).get('x')).toBe(1);
    expect(perDatabase.get(b)).toBeUndefined();
    expect(registeredCaches().map((c) => c.name)).toEqual(['test.perDatabase', 'test.perProcess', 'test.slot']);
  });

  it('refuses a second cache of the same name', () => {
    expect(() => defineCache({ ...declaration, name: 'test.perDatabase', per: 'database' })).toThrow(
      'cache test.perDatabase is declared twice',
    );
  });

  it('resetAllCaches forgets what every cache keeps, per owner and per process', () => {
    const owner = {};
    perDatabase.set(owner, new Map([['x', 1]]));
    perProcess.set('y', 2);
    slot.value = 'z';
    resetAllCaches();
    expect(perDatabase.get(owner)).toBeUndefined();
    expect(perProcess.size).toBe(0);
    expect(slot.value).toBeUndefined();
  });

  it('callers finding an entry stale together share one read, and the next read after it settles is new', async () => {
    const owner = {};
    let reads = 0;
    let release!: () => void;
    const gate = new Promise<void>((resolve) => (release = resolve));
    const read = async () => {
      reads += 1;
      await gate;
      return reads;
    };
    const both = Promise.all([perDatabase.readOnce(owner, 'k', read), perDatabase.readOnce(owner, 'k', read)]);
    release();
    expect(await both).toEqual([1, 1]);
    expect(await perDatabase.readOnce(owner, 'k', read)).toBe(2);
  });
});
