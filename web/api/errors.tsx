/**
 * The generic error helper of spec §8: logs the error, reports it, and — if a notifier is
 * given — shows a negative toast: warning icon, progress bar, 5 s, the prefix (default
 * "An error occurred:") plus the server's error text (HTML stripped), and the caption
 * "Having trouble? Contact {support email} for assistance.".
 */
import type { NotificationData } from '@mantine/notifications';
import { MESSAGES, TOAST_TIMEOUT_MS } from '@common/constants';
import { useAppStore } from '../stores/app';
import { ApiError } from './client';
import { getErrorReporter } from './reporters';

/** Shows a notification; pass Mantine's `notifications.show`. */
export type Notifier = (notification: NotificationData) => unknown;

/** Strips HTML tags (and decodes the few entities servers commonly emit). */
export function stripHtml(text: string): string {
  return text
    .replace(/<[^>]*>/g, '')
    .replace(/&nbsp;/g, ' ')
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&quot;/g, '"')
    .replace(/&#39;/g, "'")
    .replace(/&amp;/g, '&')
    .trim();
}

/** The server's error text carried by an error, if any. */
export function serverErrorText(error: unknown): string | null {
  if (error instanceof ApiError) return error.serverError;
  if (error && typeof error === 'object' && 'data' in error) {
    const data = (error as { data: unknown }).data;
    if (data && typeof data === 'object' && 'error' in data && typeof data.error === 'string') return data.error;
  }
  return null;
}

/** The two visible lines of the error toast, as plain strings. */
export function errorToastText(
  error: unknown,
  prefix: string = MESSAGES.errorPrefix,
  supportEmail: string = useAppStore.getState().supportEmail,
): { text: string; caption: string } {
  const server = serverErrorText(error);
  const cleaned = server ? stripHtml(server) : '';
  return {
    text: cleaned ? `${prefix} ${cleaned}` : prefix,
    caption: MESSAGES.errorCaption(supportEmail),
  };
}

/** Warning triangle (inline SVG: the project has no icon dependency). */
export function WarningIcon({ size = 18 }: { size?: number }) {
  return (
    <svg
      width={size}
      height={size}
      viewBox="0 0 24 24"
      fill="none"
      stroke="currentColor"
      strokeWidth={2}
      strokeLinecap="round"
      strokeLinejoin="round"
      aria-hidden="true"
      data-testid="warning-icon"
    >
      <path d="M12 9v4" />
      <path d="M10.363 3.591l-8.106 13.534a1.914 1.914 0 0 0 1.636 2.871h16.214a1.914 1.914 0 0 0 1.636-2.87L13.637 3.59a1.914 1.914 0 0 0-3.274 0z" />
      <path d="M12 16h.01" />
    </svg>
  );
}

/** Mantine notification data for the negative error toast. */
export function errorToast(error: unknown, prefix?: string): NotificationData {
  const { text, caption } = errorToastText(error, prefix);
  return {
    color: 'red',
    icon: <WarningIcon />,
    autoClose: TOAST_TIMEOUT_MS,
    withAutoCloseProgress: true,
    'data-testid': 'error-toast',
    message: (
      <>
        <div data-testid="error-toast-text">{text}</div>
        <div data-testid="error-toast-caption" style={{ fontSize: '0.75em', opacity: 0.75, marginTop: 2 }}>
          {caption}
        </div>
      </>
    ),
  };
}

export interface HandleErrorOptions {
  /** When given, a negative toast is shown (pass `notifications.show`). */
  notifier?: Notifier;
  /** Toast prefix; default "An error occurred:". */
  prefix?: string;
}

/**
 * An answer the product expects and explains on screen, not a fault: a bond, share or link that
 * does not exist (404) or has expired (410). Reporting it would fill the error store with typos.
 */
function expectedRefusal(error: unknown): boolean {
  return error instanceof ApiError && (error.status === 404 || error.status === 410);
}

/** Logs, reports (unless an expected refusal) and optionally toasts an error (spec §8). */
export function handleError(error: unknown, options: HandleErrorOptions = {}): void {
  console.error(error);
  try {
    if (!expectedRefusal(error)) void getErrorReporter().report(error);
  } catch (reportError) {
    console.warn('Error reporter failed', reportError);
  }
  if (options.notifier) options.notifier(errorToast(error, options.prefix));
}
