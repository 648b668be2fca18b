import { afterEach, describe, expect, it } from 'vitest';
import { setErrorReporter } from '../api/reporters';
import { makeUserInfo } from '../session/fixtures';
import { INTERCOM_SCRIPT_ID, type IntercomWindow } from './intercomLoader';
import {
  applySupportWidget,
  openSupportWidget,
  resetSupportWidgetForTests,
  stopSupportWidget,
  useSupportWidgetStore,
} from './supportWidget';

const win = window as unknown as IntercomWindow;
const script = () => document.getElementById(INTERCOM_SCRIPT_ID) as HTMLScriptElement | null;

afterEach(() => {
  script()?.remove();
  delete win.Intercom;
  delete win.intercomSettings;
  resetSupportWidgetForTests();
});

describe('the support widget in the app (user info → widget)', () => {
  it('a person without the feature (or a server without an app id) gets no script: the built-in form is used', () => {
    applySupportWidget(makeUserInfo({ supportWidget: null }));
    expect(script()).toBeNull();
    expect(win.Intercom).toBeUndefined();
    expect(useSupportWidgetStore.getState().state).toBe('off');
    expect(openSupportWidget()).toBe(false);
  });

  it("a person with a widget gets the vendor script for the server's region, with their support token and role", () => {
    applySupportWidget(
      makeUserInfo({ supportToken: 'sup-42', supportWidget: { vendor: 'intercom', appId: 'k9x2', region: 'ap', userHash: null } }),
    );
    expect(script()?.src).toBe('https://widget.intercom.io/widget/k9x2');
    expect(win.intercomSettings).toMatchObject({
      app_id: 'k9x2',
      api_base: 'https://api-iam.au.intercom.io',
      user_id: 'sup-42',
      roleType: 'Portfolio manager',
      roleFunction: 'IG credit',
    });
    expect(useSupportWidgetStore.getState().state).toBe('loading');
    stopSupportWidget();
    expect(win.intercomSettings).toBeUndefined();
    expect(useSupportWidgetStore.getState().state).toBe('off');
  });

  it('a script that fails to load goes to the error reporter, and "Contact support" keeps the built-in form', async () => {
    const reported: unknown[] = [];
    const previous = setErrorReporter({ report: (e) => void reported.push(e) });
    try {
      applySupportWidget(makeUserInfo({ supportWidget: { vendor: 'intercom', appId: 'k9x2', region: 'us', userHash: null } }));
      script()!.dispatchEvent(new Event('error'));
      await Promise.resolve();
      expect(reported).toHaveLength(1);
      expect(String(reported[0])).toContain('could not be loaded from https://widget.intercom.io/widget/k9x2');
      expect(useSupportWidgetStore.getState().state).toBe('failed');
      expect(openSupportWidget()).toBe(false);
    } finally {
      setErrorReporter(previous);
    }
  });
});
