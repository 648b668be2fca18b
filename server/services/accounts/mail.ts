import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import nodemailer, { type Transporter } from 'nodemailer';
import { APP_BASE_PATH, PRODUCT_NAME } from '@common/constants';
import type { Config } from '../../config';
import type { Database } from '../../db/schema';

export interface OutgoingEmail {
  kind: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** Full URL of a web app hash route (e.g. /bw/signup/{uuid}) for e-mails. */
export function appLink(config: Config, hashPath: string): string {
  return `${config.publicUrl}${APP_BASE_PATH}#${hashPath}`;
}

function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);
}

/**
 * One e-mail in plain text and HTML: a greeting line, paragraphs, an optional call-to-action
 * link, and the support footer.
 */
export function renderEmail(
  config: Config,
  parts: { kind: string; to: string; subject: string; paragraphs: string[]; action?: { label: string; url: string }; code?: string },
): OutgoingEmail {
  const footer = `If you did not expect this e-mail, you can ignore it. Questions: ${config.supportEmail}`;
  const text = [
    ...parts.paragraphs,
    ...(parts.code ? [`Your code: ${parts.code}`] : []),
    ...(parts.action ? [`${parts.action.label}: ${parts.action.url}`] : []),
    '',
    `— ${PRODUCT_NAME}`,
    footer,
  ].join('\n\n');
  const html = `<!doctype html><html><body style="font-family:Arial,Helvetica,sans-serif;color:#1a1b1e;max-width:560px">
<h2 style="color:#1c7ed6">${escapeHtml(PRODUCT_NAME)}</h2>
${parts.paragraphs.map((p) => `<p>${escapeHtml(p)}</p>`).join('\n')}
${parts.code ? `<p style="font-size:24px;letter-spacing:4px;font-family:monospace"><strong>${escapeHtml(parts.code)}</strong></p>` : ''}
${parts.action ? `<p><a href="${escapeHtml(parts.action.url)}" style="background:#1c7ed6;color:#fff;padding:10px 18px;border-radius:4px;text-decoration:none">${escapeHtml(parts.action.label)}</a></p><p style="font-size:12px;color:#666">Or open: ${escapeHtml(parts.action.url)}</p>` : ''}
<hr><p style="font-size:12px;color:#666">${escapeHtml(footer)}</p>
</body></html>`;
  return { kind: parts.kind, to: parts.to, subject: parts.subject, text, html };
}

/**
 * Queues an e-mail in the outbox table. Pass the transaction that causes the e-mail: the
 * message exists exactly when that transaction commits, and the outbox job delivers it.
 */
export async function enqueueEmail(db: Kysely<Database>, email: OutgoingEmail, now: Date): Promise<void> {
  await db
    .insertInto('email_outbox')
    .values({
      kind: email.kind,
      to_address: email.to,
      subject: email.subject,
      text_body: email.text,
      html_body: email.html,
      created_at: now,
      next_attempt_at: now,
    })
    .execute();
}

let cachedTransport: { key: string; transport: Transporter } | undefined;

function transportFor(config: Config): Transporter {
  const key = config.smtpUrl ?? 'file';
  if (cachedTransport?.key !== key) {
    cachedTransport = {
      key,
      transport: config.smtpUrl
        ? nodemailer.createTransport(config.smtpUrl)
        : nodemailer.createTransport({ streamTransport: true, buffer: true, newline: 'unix' }),
    };
  }
  return cachedTransport.transport;
}

/** Directory of the local outbox (one .eml per message) used when SMTP_URL is not set. */
export function outboxDir(config: Config): string {
  return join(config.dataDir, 'outbox');
}

/** Attempts after which an e-mail is given up (the admin home counts those). */
export const OUTBOX_MAX_ATTEMPTS = 10;

/** How long a claimed e-mail is left to its sender before another run may try it (a crash mid-send). */
const CLAIM_SECONDS = 300;

/**
 * Delivers pending outbox e-mails: over SMTP when SMTP_URL is set, otherwise into
 * ${DATA_DIR}/outbox/*.eml (and, in development, the link-bearing text goes to the log).
 * Three steps, so no mail-server conversation ever runs inside a database transaction (on PGlite's
 * single connection that would hold every request): claim due rows (FOR UPDATE SKIP LOCKED, so
 * several instances never take the same one) by moving their next attempt CLAIM_SECONDS ahead,
 * commit; send; then mark each sent, or failed with exponential backoff. A process that dies
 * mid-send leaves its claims to expire and be retried: delivery is at least once.
 */
export async function deliverOutbox(
  db: Kysely<Database>,
  config: Config,
  log: FastifyBaseLogger,
  now: () => number,
  limit = 20,
): Promise<number> {
  const claimedAt = now();
  const claimed = await db.transaction().execute(async (trx) => {
    const rows = await trx
      .selectFrom('email_outbox')
      .selectAll()
      .where('sent_at', 'is', null)
      .where('next_attempt_at', '<=', new Date(claimedAt))
      .where('attempts', '<', OUTBOX_MAX_ATTEMPTS)
      .orderBy('id')
      .limit(limit)
      .forUpdate()
      .skipLocked()
      .execute();
    if (rows.length > 0) {
      await trx
        .updateTable('email_outbox')
        .set({ next_attempt_at: new Date(claimedAt + CLAIM_SECONDS * 1000) })
        .where(
          'id',
          'in',
          rows.map((r) => r.id),
        )
        .execute();
    }
    return rows;
  });
  let delivered = 0;
  for (const row of claimed) {
    try {
      const info = await transportFor(config).sendMail({
        from: config.mailFrom,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
      });
      if (!config.smtpUrl) {
        const dir = outboxDir(config);
        mkdirSync(dir, { recursive: true });
        const stamp = new Date(now()).toISOString().replace(/[:.]/g, '-');
        writeFileSync(join(dir, `${stamp}-${row.id}-${row.kind}.eml`), (info as { message: Buffer }).message);
        if (config.env === 'development') {
          log.info(`E-mail to ${row.to_address} (${row.subject}):\n${row.text_body}`);
        }
      }
      await db
        .updateTable('email_outbox')
        .set({ sent_at: new Date(now()), attempts: row.attempts + 1, last_error: null })
        .where('id', '=', row.id)
        .execute();
      delivered++;
    } catch (err) {
      const delaySeconds = Math.min(3600, 30 * 2 ** row.attempts);
      log.warn({ err, emailId: row.id }, 'e-mail delivery failed; will retry');
      await db
        .updateTable('email_outbox')
        .set({
          attempts: row.attempts + 1,
          last_error: err instanceof Error ? err.message.slice(0, 500) : String(err).slice(0, 500),
          next_attempt_at: new Date(now() + delaySeconds * 1000),
        })
        .where('id', '=', row.id)
        .execute();
    }
  }
  return delivered;
}
