/**
 * Constants shared by the web app and the server (spec §9 and the shell's §2 rules).
 * Framework-free: plain values only, so both sides (and tests) can import them.
 */

/** Product name, used in document titles ("Bondwise | Market summary") and copy. */
export const PRODUCT_NAME = 'Bondwise';

/** Separator between the product name and the route title in document.title. */
export const TITLE_SEPARATOR = ' | ';

/** Base path under which the web app is served (hash routes live after it: /app/#/bw/...). */
export const APP_BASE_PATH = '/app/';

/** Default support address; the server's public config may override it at run time. */
export const DEFAULT_SUPPORT_EMAIL = 'support@bondwise.local';

/** Local-storage keys (spec §9): defined once here, never spelled elsewhere. */
export const STORAGE_KEYS = {
  /** Random device id sent as X-Device-Fingerprint. */
  deviceId: 'bw.deviceId',
  /** Stored notifications (cleared on logout). */
  notifications: 'bw.notifications',
  /** Dark mode: "T" (dark, the default) or "F" (light). */
  darkMode: 'bw.darkMode',
  /** Path the guard remembered before sending a user to login; used once after login. */
  nextLoginPath: 'bw.nextLoginPath',
  /** How many times the "use Chrome" notice has been shown (at most CHROME_NOTICE_MAX). */
  chromeNoticeCount: 'bw.chromeNoticeCount',
  /** Development only: "1" switches on the dial-up simulation (1–5 s delay per API call). */
  dialup: 'bw.dialup',
} as const;

/** Values stored under STORAGE_KEYS.darkMode. */
export const DARK_MODE_ON = 'T';
export const DARK_MODE_OFF = 'F';

/** Cookies that hold the session (their descriptors come with the server's auth response). */
export const SESSION_COOKIES = {
  session: 'bw_session',
  refresh: 'bw_refresh',
  username: 'bw_username',
} as const;

/**
 * The refresh token's cookie is HttpOnly and sent only to this path: set by the server, never
 * readable by page scripts, never sent with other requests.
 */
export const REFRESH_COOKIE_PATH = '/auth/refresh';

/**
 * The login attempt an e-mailed sign-in code belongs to: HttpOnly, sent only to the code's
 * endpoint, so the code signs in only in the browser that entered the password.
 */
export const LOGIN_ATTEMPT_COOKIE = { name: 'bw_login_attempt', path: '/auth/mfa/email' } as const;

/**
 * How long the refresh token just rotated away still answers with the same successor, so tabs
 * (or a retried request) refreshing at once do not look like a stolen token replayed.
 */
export const REFRESH_GRACE_MS = 30_000;

/** Request headers every API call carries (spec §7). */
export const API_HEADERS = {
  authorization: 'Authorization',
  deviceFingerprint: 'X-Device-Fingerprint',
  documentHasFocus: 'X-Document-Has-Focus',
  runtimeAge: 'X-Runtime-Age',
  /** Set by the server on the 503 of the maintenance gate, so an open tab tells it from an outage. */
  maintenance: 'X-Bondwise-Maintenance',
} as const;

/** Server paths the shell itself calls. API paths are at the root of the app's origin. */
export const API_PATHS = {
  health: '/health',
  clientErrors: '/v2/client-errors',
} as const;

/** Root prefixes served by the API (the dev server proxies these to the API server). */
export const API_ROOT_PREFIXES = ['/health', '/auth', '/v2', '/admin'] as const;

/** Service prefixes of spec §7. */
export const SERVICE_PREFIXES = {
  issuer: '/v2/issuer',
  market: '/v2/market',
  trade: '/v2/trade',
  primary: '/v2/primary',
  bond: '/v2/bond',
  user: '/v2/user',
  content: '/v2/content',
  userFeature: '/v2/user-feature',
  download: '/v2/download',
  hawk: '/v2/hawk',
  admin: '/admin',
} as const;

// ---- §9 business constants and limits -------------------------------------------------------

const SECOND = 1000;
const MINUTE = 60 * SECOND;
const HOUR = 60 * MINUTE;

/**
 * A live market reprices the whole universe at least this often, so untraded bonds follow
 * today's curve too; figures older than two of these are shown as delayed.
 */
export const FULL_REPRICE_INTERVAL_MS = 1 * MINUTE;
export const MARK_READ_DELAY_MS = 2500;
export const TOAST_TIMEOUT_MS = 5000;
export const NOTIFICATION_TOAST_MS = 3500;
export const HEALTH_TIMEOUT_MS = 5 * SECOND;
/** Not in the spec: how often open tabs re-check health so maintenance toggles reach them. */
export const HEALTH_RECHECK_MS = 30 * SECOND;
/**
 * Not in the spec: the re-check while in maintenance or failing, so open tabs leave the
 * maintenance or error page within a second or two of the server being back.
 */
export const HEALTH_FAST_RECHECK_MS = 1.5 * SECOND;
/** Token refresh happens at min(TOKEN_REFRESH_MAX_MS, half the remaining lifetime). */
export const TOKEN_REFRESH_MAX_MS = 4 * HOUR;
/** Log out (and reload) when the refresh token has this much or less left. */
export const REFRESH_TOKEN_MIN_REMAINING_MS = 1 * SECOND;
export const POLL_BACKOFF_START_MS = 1 * SECOND;
export const POLL_BACKOFF_MAX_MS = 120 * SECOND;
export const POLL_JITTER_INITIAL_MS = 1 * SECOND;
export const POLL_JITTER_AFTER_SUCCESS_MS = 500;
export const PREFERENCES_SAVE_DEBOUNCE_MS = 1 * SECOND;
export const KEY_SEQUENCE_RESET_MS = 1 * SECOND;
export const CHROME_NOTICE_MAX = 3;
export const PUSH_REGISTRATION_DELAY_MS = 1 * SECOND;
export const LOADING_CLASS_DELAY_MS = 1 * SECOND;
/** Class put on <body> when start-up takes longer than LOADING_CLASS_DELAY_MS. */
export const LOADING_CLASS = 'bw-loading';
export const MEMORY_PING_MEAN_PRODUCTION_MS = 60 * SECOND;
export const MEMORY_PING_MEAN_OTHER_MS = 30 * SECOND;

export const USAGE_TRACKING = {
  batchSize: 50,
  flushIntervalMs: 5 * SECOND,
  requestTimeoutMs: 90 * SECOND,
  maxRetryDelayMs: 10 * MINUTE,
  maxStringLength: 255,
  cookieLifeDays: 365,
} as const;

/** Dial-up simulation (development only): each API call waits a random time in this range. */
export const DIALUP_MIN_DELAY_MS = 1 * SECOND;
export const DIALUP_MAX_DELAY_MS = 5 * SECOND;

// ---- user-visible messages of spec §8 ------------------------------------------------------

export const MESSAGES = {
  healthFailure: 'There was an error trying to connect to our server. Please contact support',
  errorPrefix: 'An error occurred:',
  /** Caption of the error toast; {email} is the support address. */
  errorCaption: (email: string) => `Having trouble? Contact ${email} for assistance.`,
  notAvailableYet: 'This page is not available yet.',
  chromeNotice: 'Bondwise works best in Google Chrome. Some features may not work as expected in this browser.',
} as const;
