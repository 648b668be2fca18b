import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { expect } from '@playwright/test';
import { E2E_BASE_URL, E2E_DATA_DIR } from './environment';

/**
 * The e2e server has no SMTP_URL, so it writes every e-mail to ${E2E_DATA_DIR}/outbox/*.eml
 * (docs/accounts.md "E-mail"). These helpers read those messages the way a mail client would:
 * headers, then the decoded text part, where the links are.
 */
export const OUTBOX_DIR = join(E2E_DATA_DIR, 'outbox');

export interface OutboxMessage {
  file: string;
  to: string;
  subject: string;
  /** The decoded text/plain part (or the whole decoded body when not multipart). */
  text: string;
  /** Every app link in the text: `${E2E_BASE_URL}/app/#/bw/...` (and `/app/#/welcome...`). */
  links: string[];
}

function decodeQuotedPrintable(text: string): string {
  const bytes: number[] = [];
  const soft = text.replace(/=\r?\n/g, '');
  for (let i = 0; i < soft.length; i++) {
    const hex = soft.slice(i + 1, i + 3);
    if (soft[i] === '=' && /^[0-9A-Fa-f]{2}$/.test(hex)) {
      bytes.push(parseInt(hex, 16));
      i += 2;
    } else {
      bytes.push(...Buffer.from(soft[i]!, 'utf8'));
    }
  }
  return Buffer.from(bytes).toString('utf8');
}

/** Headers (unfolded, lower-case names) and body of one MIME entity. */
function splitEntity(raw: string): { headers: Record<string, string>; body: string } {
  const at = raw.search(/\r?\n\r?\n/);
  const head = at < 0 ? raw : raw.slice(0, at);
  const body = at < 0 ? '' : raw.slice(at).replace(/^\r?\n\r?\n/, '');
  const headers: Record<string, string> = {};
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':');
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim();
  }
  return { headers, body };
}

function decodeBody(headers: Record<string, string>, body: string): string {
  const encoding = (headers['content-transfer-encoding'] ?? '').toLowerCase();
  if (encoding === 'quoted-printable') return decodeQuotedPrintable(body);
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64').toString('utf8');
  return body;
}

/** The text/plain content of an entity, looking inside multipart bodies. */
function textOf(headers: Record<string, string>, body: string): string | null {
  const type = headers['content-type'] ?? 'text/plain';
  const boundary = /boundary="?([^";]+)"?/i.exec(type)?.[1];
  if (/^multipart\//i.test(type) && boundary) {
    const parts = body
      .split(`--${boundary}`)
      .slice(1)
      .filter((p) => !p.startsWith('--'));
    for (const part of parts) {
      const entity = splitEntity(part.replace(/^\r?\n/, ''));
      const text = textOf(entity.headers, entity.body);
      if (text !== null) return text;
    }
    return null;
  }
  return /^text\/plain/i.test(type) ? decodeBody(headers, body) : null;
}

/** RFC 2047 encoded words in a header (=?UTF-8?Q?…?= / =?UTF-8?B?…?=). */
function decodeHeader(value: string): string {
  return value.replace(/=\?([^?]+)\?([QqBb])\?([^?]*)\?=\s*/g, (_, _charset: string, enc: string, data: string) =>
    enc.toUpperCase() === 'B' ? Buffer.from(data, 'base64').toString('utf8') : decodeQuotedPrintable(data.replace(/_/g, ' ')),
  );
}

export function parseEml(file: string): OutboxMessage {
  const { headers, body } = splitEntity(readFileSync(file, 'utf8'));
  const text = textOf(headers, body) ?? decodeBody(headers, body);
  const links = [...text.matchAll(/https?:\/\/[^\s<>"')\]]+/g)].map((m) => m[0]).filter((url) => url.startsWith(`${E2E_BASE_URL}/app/`));
  return { file, to: decodeHeader(headers.to ?? ''), subject: decodeHeader(headers.subject ?? ''), text, links };
}

/** Every message to an address, oldest first (file names start with the delivery time). */
export function messagesTo(email: string): OutboxMessage[] {
  if (!existsSync(OUTBOX_DIR)) return [];
  const address = email.toLowerCase();
  return readdirSync(OUTBOX_DIR)
    .filter((name) => name.endsWith('.eml'))
    .map((name) => join(OUTBOX_DIR, name))
    .sort((a, b) => statSync(a).mtimeMs - statSync(b).mtimeMs || a.localeCompare(b))
    .map(parseEml)
    .filter((message) => message.to.toLowerCase().includes(address));
}

/**
 * Waits for a message to an address whose text has an app link matching `linkPattern` (the
 * server delivers right after the request, or within 5 s from its outbox job), skipping messages
 * that were there before (`after`: a count from `messagesTo(email).length`). Returns the message
 * and the first matching link.
 */
export async function waitForLink(
  email: string,
  linkPattern: RegExp,
  { after = 0, timeout = 30_000 }: { after?: number; timeout?: number } = {},
): Promise<{ message: OutboxMessage; link: string }> {
  let found: { message: OutboxMessage; link: string } | undefined;
  await expect
    .poll(
      () => {
        for (const message of messagesTo(email).slice(after).reverse()) {
          const link = message.links.find((l) => linkPattern.test(l));
          if (link) {
            found = { message, link };
            return true;
          }
        }
        return false;
      },
      { message: `an e-mail to ${email} with a link matching ${linkPattern}`, timeout, intervals: [250, 500, 1000] },
    )
    .toBe(true);
  return found!;
}
