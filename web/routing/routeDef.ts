/** The shape of a route of the route table (web/routes.tsx). */
import type { ComponentType } from 'react';

/** public: no login; special: redirects/logout/maintenance/error; user: login; admin: login + admin menu. */
export type RouteAccess = 'public' | 'special' | 'user' | 'admin';

/** Top-level menu areas of the header navigation. */
export type MenuArea = 'market' | 'secondary' | 'primary' | 'alerts' | 'help' | 'blog' | 'admin' | 'account';

export type PageModule = { default: ComponentType };

export interface RouteDef {
  /** React Router path (`:param`, `:param?` optional, `*` splat). */
  path: string;
  /** Route title; document.title is "Bondwise | {title}". */
  title: string;
  access: RouteAccess;
  /** A public authentication page: logged-in users are sent onward (spec §2). */
  authPage?: boolean;
  /** Redirect target; `:param`s of the path are substituted. */
  redirect?: string;
  /** Lazily loaded page; absent means "not available yet". */
  page?: () => Promise<PageModule>;
  /** Header menu where this route is listed (parameterless routes only). */
  menu?: MenuArea;
  /**
   * API paths the page reads first. When the app opens on this route they are requested with the
   * session's start-up requests instead of after them (routing/prefetch.ts): for pages opened
   * from a shared link, where that round trip is on the way to the first paint.
   */
  prefetch?: (params: Record<string, string>) => string[];
  /**
   * The page may render before the session's user info (features) is in: it asks the server,
   * which decides the feature by answering or refusing, and shows "not available" only once the
   * features are known or the server refused (session/SessionGate.tsx). Consent to the terms is
   * still checked first.
   */
  beforeUserInfo?: boolean;
}
