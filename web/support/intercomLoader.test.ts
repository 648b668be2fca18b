import { afterEach, describe, expect, it } from 'vitest';
import type { SupportWidget } from '@common/api/support';
import {
  INTERCOM_SCRIPT_ID,
  IntercomLoader,
  type IntercomWindow,
  type SupportPerson,
  type WidgetState,
  intercomSettings,
} from './intercomLoader';

const person: SupportPerson = {
  supportToken: 'sup-7f3a',
  email: 'ann@example.com',
  name: 'Ann Lee',
  created: '2026-01-02T10:00:00Z',
  roleType: 'Portfolio manager',
  roleFunction: 'IG credit',
  organization: { token: 'org-9', name: 'Harbour Capital' },
};
const widget = (overrides: Partial<SupportWidget> = {}): SupportWidget => ({
  vendor: 'intercom',
  appId: 'abc123',
  region: 'us',
  userHash: null,
  ...overrides,
});

/** A page with the loader on it; `calls` records what reached the vendor's messenger once it "loaded". */
function page() {
  const win: IntercomWindow = {};
  const failures: Error[] = [];
  const states: WidgetState[] = [];
  const calls: unknown[][] = [];
  const loader = new IntercomLoader({ win, doc: document, onFailure: (e) => failures.push(e), onState: (s) => states.push(s) });
  const script = () => document.getElementById(INTERCOM_SCRIPT_ID) as HTMLScriptElement | null;
  /** What the vendor's script does when it arrives: replace the stub, run its queue. */
  const vendorLoads = () => {
    const queued = win.Intercom?.q ?? [];
    win.Intercom = (...args: unknown[]) => calls.push(args);
    for (const args of queued) calls.push(args);
    script()!.dispatchEvent(new Event('load'));
  };
  return { win, failures, states, calls, loader, script, vendorLoads };
}

afterEach(() => document.getElementById(INTERCOM_SCRIPT_ID)?.remove());

describe('the support widget loader (feature intercom, spec §6/§7/§8)', () => {
  it('each region picks its own messenger API host (us, eu, ap → Australia)', () => {
    expect(intercomSettings(widget({ region: 'us' }), person).api_base).toBe('https://api-iam.intercom.io');
    expect(intercomSettings(widget({ region: 'eu' }), person).api_base).toBe('https://api-iam.eu.intercom.io');
    expect(intercomSettings(widget({ region: 'ap' }), person).api_base).toBe('https://api-iam.au.intercom.io');
  });

  it('identifies the person by support token with roleType, roleFunction, company and the identity hash', () => {
    const settings = intercomSettings(widget({ userHash: 'f00d' }), person);
    expect(settings).toEqual({
      app_id: 'abc123',
      api_base: 'https://api-iam.intercom.io',
      user_id: 'sup-7f3a',
      email: 'ann@example.com',
      name: 'Ann Lee',
      created_at: 1767348000, // 2026-01-02T10:00:00Z in Unix seconds
      user_hash: 'f00d',
      company: { id: 'org-9', name: 'Harbour Capital' },
      roleType: 'Portfolio manager',
      roleFunction: 'IG credit',
    });
    // Without a secret there is no hash, and a person without organisation or name sends neither.
    const bare = intercomSettings(widget(), { ...person, name: null, organization: null, roleType: null });
    expect(bare).not.toHaveProperty('user_hash');
    expect(bare).not.toHaveProperty('company');
    expect(bare).not.toHaveProperty('name');
    expect(bare.roleType).toBeNull();
  });

  it('boots by adding the vendor script once, with settings on the window, and opens only once it is up', () => {
    const p = page();
    p.loader.boot(widget({ region: 'eu' }), person);
    expect(p.script()?.src).toBe('https://widget.intercom.io/widget/abc123');
    expect(p.win.intercomSettings?.api_base).toBe('https://api-iam.eu.intercom.io');
    expect(p.states).toEqual(['loading']);
    // Not up yet: "Contact support" must use the built-in form.
    expect(p.loader.show()).toBe(false);
    p.loader.boot(widget({ region: 'eu' }), person); // user info applied again while loading
    expect(document.querySelectorAll(`#${INTERCOM_SCRIPT_ID}`)).toHaveLength(1);

    p.vendorLoads();
    expect(p.loader.current()).toBe('ready');
    expect(p.loader.show()).toBe(true);
    expect(p.calls).toEqual([['show']]);
    // Profile edited: the messenger is updated, not booted again.
    p.loader.boot(widget({ region: 'eu' }), { ...person, roleFunction: 'HY credit' });
    expect(p.calls[1]![0]).toBe('update');
    expect((p.calls[1]![1] as { roleFunction: string }).roleFunction).toBe('HY credit');
    expect(p.failures).toEqual([]);
  });

  it('logout shuts the messenger down and the next person is booted afresh without a second script', () => {
    const p = page();
    p.loader.boot(widget(), person);
    p.vendorLoads();
    p.loader.shutdown();
    expect(p.calls).toEqual([['shutdown']]);
    expect(p.win.intercomSettings).toBeUndefined();
    expect(p.loader.show()).toBe(false);
    p.loader.boot(widget(), { ...person, supportToken: 'sup-other', email: 'bo@example.com' });
    expect(p.calls[1]![0]).toBe('boot');
    expect((p.calls[1]![1] as { user_id: string }).user_id).toBe('sup-other');
    expect(document.querySelectorAll(`#${INTERCOM_SCRIPT_ID}`)).toHaveLength(1);
  });

  it('a script that cannot load is reported, leaves no queueing stub, never throws, and is retried at the next boot', () => {
    const p = page();
    p.loader.boot(widget({ appId: 'zz99' }), person);
    expect(() => p.script()!.dispatchEvent(new Event('error'))).not.toThrow();
    expect(p.loader.current()).toBe('failed');
    expect(p.failures.map((e) => e.message)).toEqual([
      'The support widget could not be loaded from https://widget.intercom.io/widget/zz99',
    ]);
    expect(p.win.Intercom).toBeUndefined();
    expect(p.loader.show()).toBe(false);
    p.loader.boot(widget({ appId: 'zz99' }), person);
    expect(p.loader.current()).toBe('loading');
    expect(document.querySelectorAll(`#${INTERCOM_SCRIPT_ID}`)).toHaveLength(1);
  });

  it('a script that loads but starts no messenger (blocked, wrong app) is reported as a failure', () => {
    const p = page();
    p.loader.boot(widget(), person);
    p.script()!.dispatchEvent(new Event('load'));
    expect(p.loader.current()).toBe('failed');
    expect(p.failures[0]?.message).toMatch(/did not start the messenger/);
  });

  it('a messenger that throws when opened is reported and the caller falls back to the built-in form', () => {
    const p = page();
    p.loader.boot(widget(), person);
    p.vendorLoads();
    p.win.Intercom = () => {
      throw new Error('messenger crashed');
    };
    expect(p.loader.show()).toBe(false);
    expect(p.failures.map((e) => e.message)).toEqual(['messenger crashed']);
  });
});
