import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import PostalMime from 'postal-mime';
import { SMTPServer } from 'smtp-server';
import { UI_WAIT_TIMEOUT_MS } from '@latch/testkit';

/** One received mail, parsed by postal-mime. Addresses are bare (`alice@example.com`), lowercased. */
export interface ParsedMail {
  from: string;
  to: string[];
  subject: string;
  text: string;
  html: string;
  date: Date;
}

export interface SmtpInboxOptions {
  /** SMTP port on 127.0.0.1. Default 0: a free port. */
  port?: number;
  /** Port of the read-only web page listing the mails. Default 0: a free port. */
  httpPort?: number;
  /** Largest accepted message, in bytes. Default 256 KiB. */
  maxMessageBytes?: number;
}

export interface SmtpInbox {
  readonly host: '127.0.0.1';
  readonly port: number;
  /** `smtp://127.0.0.1:PORT`: give it to nodemailer / the embedded wallet service. */
  readonly url: string;
  /** A read-only page listing the received mails and their codes, newest first. */
  readonly httpUrl: string;
  /** Every mail received so far, oldest first. */
  readonly messages: readonly ParsedMail[];
  /**
   * Resolves with the newest matching mail among those received from index `after` on (default 0: any mail so
   * far), or with the next one to arrive; rejects after `timeoutMs` (default `UI_WAIT_TIMEOUT_MS`, 20 s: a bound against a hang on a loaded machine). To wait for a fresh mail,
   * pass `after: inbox.messages.length` taken before the action that sends it.
   */
  waitFor(match: ((mail: ParsedMail) => boolean) | { to: string }, options?: { timeoutMs?: number; after?: number }): Promise<ParsedMail>;
  /** The 6-digit code in the newest mail to that address, if any. */
  latestCode(to: string): string | undefined;
  close(): Promise<void>;
}

/** The first 6-digit number standing alone in a mail's text (or subject), e.g. a one-time code. */
export function codeOf(mail: ParsedMail): string | undefined {
  return /(?<!\d)(\d{6})(?!\d)/.exec(`${mail.subject}\n${mail.text}`)?.[1];
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

function inboxPage(messages: readonly ParsedMail[]): string {
  const rows = [...messages]
    .reverse()
    .map(
      (mail) =>
        `<tr><td>${escapeHtml(mail.date.toISOString())}</td><td>${escapeHtml(mail.to.join(', '))}</td><td>${escapeHtml(mail.subject)}</td><td><strong>${escapeHtml(codeOf(mail) ?? '—')}</strong></td></tr>`,
    )
    .join('');
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta http-equiv="refresh" content="3"><title>Local inbox</title>
<style>body{font:16px system-ui,sans-serif;margin:2rem}table{border-collapse:collapse}td,th{border:1px solid #999;padding:.4rem .8rem;text-align:left}strong{font-size:1.25rem;letter-spacing:.1em}</style></head>
<body><main><h1>Local inbox</h1><p>Mails sent to the local SMTP server, newest first. This page refreshes every 3 seconds.</p>
${messages.length === 0 ? '<p>No mail yet.</p>' : `<table><caption>Received mails</caption><thead><tr><th scope="col">Received</th><th scope="col">To</th><th scope="col">Subject</th><th scope="col">Code</th></tr></thead><tbody>${rows}</tbody></table>`}
</main></body></html>`;
}

const bare = (address: string | undefined) => (address ?? '').trim().toLowerCase();

/**
 * A local SMTP server (no auth, no TLS, 127.0.0.1 only) that keeps every mail it receives, parsed, and a
 * tiny web page listing them, so a test (or a person running the demo) can read a one-time code offline.
 */
export async function startSmtpInbox(options: SmtpInboxOptions = {}): Promise<SmtpInbox> {
  const messages: ParsedMail[] = [];
  const waiters = new Set<{ test: (mail: ParsedMail) => boolean; resolve: (mail: ParsedMail) => void }>();
  const maxBytes = options.maxMessageBytes ?? 256 * 1024;

  const smtp = new SMTPServer({
    authOptional: true,
    disabledCommands: ['AUTH', 'STARTTLS'],
    secure: false,
    size: maxBytes,
    logger: false,
    // Offline: no reverse DNS lookup of the client before the greeting.
    disableReverseLookup: true,
    onData(stream, _session, callback) {
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('end', () => {
        if ((stream as unknown as { sizeExceeded?: boolean }).sizeExceeded) {
          callback(Object.assign(new Error(`Message exceeds the ${maxBytes}-byte limit`), { responseCode: 552 }));
          return;
        }
        PostalMime.parse(Buffer.concat(chunks)).then(
          (email) => {
            const mail: ParsedMail = {
              from: bare(email.from?.address),
              to: (email.to ?? []).map((to) => bare(to.address)),
              subject: email.subject ?? '',
              text: email.text ?? '',
              html: email.html ?? '',
              date: email.date ? new Date(email.date) : new Date(),
            };
            messages.push(mail);
            for (const waiter of waiters) if (waiter.test(mail)) waiter.resolve(mail);
            callback();
          },
          (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
        );
      });
    },
  });
  smtp.on('error', () => undefined);

  await new Promise<void>((resolve, reject) => {
    smtp.server.once('error', reject);
    smtp.listen(options.port ?? 0, '127.0.0.1', () => resolve());
  });
  const port = (smtp.server.address() as AddressInfo).port;

  const web: Server = createServer((request, response) => {
    response.setHeader('Content-Security-Policy', "default-src 'none'; style-src 'unsafe-inline'");
    response.setHeader('X-Content-Type-Options', 'nosniff');
    response.setHeader('Cache-Control', 'no-store');
    if (request.method !== 'GET' && request.method !== 'HEAD') {
      response.statusCode = 405;
      return void response.end('Read-only');
    }
    const path = new URL(request.url ?? '/', 'http://127.0.0.1').pathname;
    if (path === '/messages.json') {
      response.setHeader('Content-Type', 'application/json');
      return void response.end(JSON.stringify([...messages].reverse().map((mail) => ({ ...mail, code: codeOf(mail) }))));
    }
    if (path !== '/') {
      response.statusCode = 404;
      return void response.end('Not found');
    }
    response.setHeader('Content-Type', 'text/html; charset=utf-8');
    response.end(inboxPage(messages));
  });
  try {
    await new Promise<void>((resolve, reject) => {
      web.once('error', reject);
      web.listen(options.httpPort ?? 0, '127.0.0.1', () => resolve());
    });
  } catch (error) {
    await new Promise<void>((resolve) => smtp.close(() => resolve()));
    throw error;
  }
  const httpPort = (web.address() as AddressInfo).port;

  const toTest = (match: ((mail: ParsedMail) => boolean) | { to: string }) =>
    typeof match === 'function' ? match : (mail: ParsedMail) => mail.to.includes(bare(match.to));

  return {
    host: '127.0.0.1',
    port,
    url: `smtp://127.0.0.1:${port}`,
    httpUrl: `http://127.0.0.1:${httpPort}/`,
    messages,
    waitFor(match, { timeoutMs = UI_WAIT_TIMEOUT_MS, after = 0 } = {}) {
      const test = toTest(match);
      const found = messages.slice(after).filter(test).at(-1);
      if (found) return Promise.resolve(found);
      return new Promise<ParsedMail>((resolve, reject) => {
        const waiter = {
          test,
          resolve: (mail: ParsedMail) => {
            clearTimeout(timer);
            waiters.delete(waiter);
            resolve(mail);
          },
        };
        const timer = setTimeout(() => {
          waiters.delete(waiter);
          reject(new Error(`No matching mail arrived within ${timeoutMs} ms (${messages.length} received)`));
        }, timeoutMs);
        waiters.add(waiter);
      });
    },
    latestCode(to) {
      const address = bare(to);
      const mail = messages.filter((candidate) => candidate.to.includes(address)).at(-1);
      return mail ? codeOf(mail) : undefined;
    },
    async close() {
      web.closeAllConnections();
      await Promise.all([
        new Promise<void>((resolve) => web.close(() => resolve())),
        new Promise<void>((resolve) => smtp.close(() => resolve())),
      ]);
    },
  };
}
