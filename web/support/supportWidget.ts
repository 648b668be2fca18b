/**
 * The app's support widget: booted with user info (the server says whether this person gets one,
 * user info `supportWidget`), shut down at logout, opened by "Contact support" when it is up —
 * otherwise the menu item opens the built-in form (web/components/ContactSupport.tsx).
 */
import type { UserInfo } from '@common/api/user';
import { create } from 'zustand';
import { getErrorReporter } from '../api/reporters';
import { IntercomLoader, type IntercomWindow, type WidgetState } from './intercomLoader';

export const useSupportWidgetStore = create<{ state: WidgetState }>(() => ({ state: 'off' }));

let loader: IntercomLoader | null = null;

function theLoader(): IntercomLoader {
  loader ??= new IntercomLoader({
    win: window as unknown as IntercomWindow,
    doc: document,
    onFailure: (error) => void Promise.resolve(getErrorReporter().report(error)).catch(() => undefined),
    onState: (state) => useSupportWidgetStore.setState({ state }),
  });
  return loader;
}

/** Boots (or updates, or shuts down) the widget for the person in this user info. */
export function applySupportWidget(info: UserInfo): void {
  if (!info.supportWidget) {
    // The feature was turned off for this person, or the server has no widget: none on the page.
    if (loader) stopSupportWidget();
    return;
  }
  theLoader().boot(info.supportWidget, {
    supportToken: info.supportToken,
    email: info.email,
    name: info.name ?? null,
    created: info.created,
    roleType: info.profile.roleType ?? null,
    roleFunction: info.profile.roleFunction ?? null,
    organization: info.organization ? { token: info.organization.token, name: info.organization.name } : null,
  });
}

/** Logout. */
export function stopSupportWidget(): void {
  loader?.shutdown();
}

/** Opens the vendor's messenger if it is up; false: use the built-in form. */
export function openSupportWidget(): boolean {
  return loader?.show() ?? false;
}

/** The loader in use (tests start from a fresh one). */
export function resetSupportWidgetForTests(): void {
  loader = null;
  useSupportWidgetStore.setState({ state: 'off' });
}
