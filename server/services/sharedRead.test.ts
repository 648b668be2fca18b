import { describe, expect, it } from 'vitest';
import { sharedRead } from './sharedRead';

describe('sharedRead', () => {
  it('callers arriving while a read is in flight share it: one read for fifty callers', async () => {
    const flights = new Map<unknown, Promise<number>>();
    let reads = 0;
    let finish!: (v: number) => void;
    const read = () => {
      reads++;
      return new Promise<number>((resolve) => (finish = resolve));
    };
    const answers = Array.from({ length: 50 }, () => sharedRead(flights, 'user-1', read));
    finish(7);
    expect(await Promise.all(answers)).toEqual(Array(50).fill(7));
    expect(reads).toBe(1);
  });

  it('once a read has finished the next caller reads again, and other keys read on their own', async () => {
    const flights = new Map<unknown, Promise<string>>();
    const seen: string[] = [];
    const read = (key: string) => () => Promise.resolve(`${key}:${seen.push(key)}`);
    expect(await sharedRead(flights, 'a', read('a'))).toBe('a:1');
    expect(await sharedRead(flights, 'a', read('a'))).toBe('a:2');
    expect(await sharedRead(flights, 'b', read('b'))).toBe('b:3');
    expect(flights.size).toBe(0);
  });

  it('a failed read rejects every caller that shared it and is not kept: the next caller retries', async () => {
    const flights = new Map<unknown, Promise<number>>();
    let calls = 0;
    const failing = () => {
      calls++;
      return Promise.reject(new Error('database unreachable'));
    };
    const both = [sharedRead(flights, 'k', failing), sharedRead(flights, 'k', failing)];
    await expect(Promise.all(both)).rejects.toThrow('database unreachable');
    await expect(both[1]).rejects.toThrow('database unreachable');
    expect(calls).toBe(1);
    expect(await sharedRead(flights, 'k', () => Promise.resolve(3))).toBe(3);
  });
});
