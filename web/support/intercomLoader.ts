/**
 * Intercom's messenger, loaded only for people the server gave a widget to (feature `intercom`,
 * spec §6/§7). The region picks the messenger's API host; the person is identified by their support
 * token (never our internal id) with roleType and roleFunction (§6). Loading is the vendor's own
 * snippet's way — settings on `window.intercomSettings`, a queueing `Intercom` stub until the
 * script replaces it — and every failure is caught and reported (§8), never thrown: without the
 * vendor the app works and "Contact support" falls back to the built-in form.
 */
import { INTERCOM_API_BASES, INTERCOM_WIDGET_URL, type SupportWidget } from '@common/api/support';

/** The person the messenger is for (from user info). */
export interface SupportPerson {
  supportToken: string;
  email: string;
  name: string | null;
  /** ISO time the account was created. */
  created: string;
  roleType: string | null;
  roleFunction: string | null;
  organization: { token: string; name: string } | null;
}

/** What `window.intercomSettings` and `Intercom('boot', …)` take. */
export interface IntercomSettings {
  app_id: string;
  api_base: string;
  user_id: string;
  email: string;
  name?: string;
  created_at?: number;
  user_hash?: string;
  company?: { id: string; name: string };
  roleType: string | null;
  roleFunction: string | null;
}

type IntercomFn = ((...args: unknown[]) => void) & { q?: unknown[][] };
export interface IntercomWindow {
  Intercom?: IntercomFn;
  intercomSettings?: IntercomSettings;
}

/** off: nothing booted; loading: script requested; ready: the messenger answers; failed: it could not load. */
export type WidgetState = 'off' | 'loading' | 'ready' | 'failed';

/** The id of the script element, so a second boot never adds another. */
export const INTERCOM_SCRIPT_ID = 'bw-intercom-script';

/** The messenger's settings for a person: region → API host, identity, roleType and roleFunction. */
export function intercomSettings(widget: SupportWidget, person: SupportPerson): IntercomSettings {
  const created = Date.parse(person.created);
  return {
    app_id: widget.appId,
    api_base: INTERCOM_API_BASES[widget.region],
    user_id: person.supportToken,
    email: person.email,
    ...(person.name ? { name: person.name } : {}),
    ...(Number.isFinite(created) ? { created_at: Math.floor(created / 1000) } : {}),
    ...(widget.userHash ? { user_hash: widget.userHash } : {}),
    ...(person.organization ? { company: { id: person.organization.token, name: person.organization.name } } : {}),
    roleType: person.roleType,
    roleFunction: person.roleFunction,
  };
}

export interface IntercomLoaderDeps {
  win: IntercomWindow;
  doc: Document;
  /** Where failures go (the one error reporter, §8). */
  onFailure: (error: Error) => void;
  onState: (state: WidgetState) => void;
}

/** Boots, updates and shuts down the messenger for the signed-in person. */
export class IntercomLoader {
  private state: WidgetState = 'off';
  private bootedFor: string | null = null;

  constructor(private readonly deps: IntercomLoaderDeps) {}

  /** Boots for a person (login), or updates them (user info applied again); loads the script once. */
  boot(widget: SupportWidget, person: SupportPerson): void {
    this.guard(() => {
      const settings = intercomSettings(widget, person);
      const { win } = this.deps;
      win.intercomSettings = settings;
      if (this.state === 'ready' && win.Intercom) {
        win.Intercom(this.bootedFor === settings.user_id ? 'update' : 'boot', settings);
        this.bootedFor = settings.user_id;
        return;
      }
      if (this.state === 'loading') return; // the script boots from intercomSettings when it arrives
      this.bootedFor = settings.user_id;
      this.load(widget.appId);
    });
  }

  /** Logout: the messenger forgets the person (its cookies and conversation) until the next boot. */
  shutdown(): void {
    this.guard(() => {
      const { win } = this.deps;
      if (this.state === 'ready') win.Intercom?.('shutdown');
      delete win.intercomSettings;
      this.bootedFor = null;
      if (this.state === 'loading') this.setState('off');
    });
  }

  /** Opens the messenger when it is up; false means the caller should offer the built-in form. */
  show(): boolean {
    if (this.state !== 'ready' || this.bootedFor === null) return false;
    return (
      this.guard(() => {
        this.deps.win.Intercom!('show');
        return true;
      }) ?? false
    );
  }

  current(): WidgetState {
    return this.state;
  }

  private load(appId: string): void {
    const { win, doc } = this.deps;
    doc.getElementById(INTERCOM_SCRIPT_ID)?.remove(); // a failed earlier attempt
    const stub: IntercomFn = (...args: unknown[]) => stub.q!.push(args);
    stub.q = [];
    win.Intercom = stub;
    const script = doc.createElement('script');
    script.id = INTERCOM_SCRIPT_ID;
    script.async = true;
    script.src = `${INTERCOM_WIDGET_URL}${encodeURIComponent(appId)}`;
    script.addEventListener('load', () => {
      if (this.state !== 'loading') return; // logged out meanwhile
      if (typeof win.Intercom === 'function' && win.Intercom !== stub) return this.setState('ready');
      this.fail(new Error(`The support widget script loaded from ${script.src} but did not start the messenger`));
    });
    script.addEventListener('error', () => this.fail(new Error(`The support widget could not be loaded from ${script.src}`)));
    this.setState('loading');
    doc.head.appendChild(script);
  }

  private fail(error: Error): void {
    if (this.deps.win.Intercom?.q) delete this.deps.win.Intercom; // no stub left queueing calls forever
    this.setState('failed');
    this.deps.onFailure(error);
  }

  private setState(state: WidgetState): void {
    this.state = state;
    this.deps.onState(state);
  }

  private guard<T>(work: () => T): T | undefined {
    try {
      return work();
    } catch (error) {
      this.fail(error instanceof Error ? error : new Error(String(error)));
      return undefined;
    }
  }
}
