import nodemailer from 'nodemailer';
import { invalidOption } from '@latch/kernel';

/** Where the service sends its mail: any SMTP server (a relay, a provider's SMTP endpoint, a local inbox). */
export interface SmtpConfig {
  host: string;
  port: number;
  /** TLS from the first byte (port 465). Default false: plain, upgraded by STARTTLS when the server offers it. */
  secure?: boolean;
  auth?: { user: string; pass: string };
  /** The sender, e.g. 'Wallet <wallet@example.com>'. */
  from: string;
}

/** `smtp://user:pass@host:port` or `smtps://…` → an SmtpConfig (the CLI's `--smtp`). */
export function smtpFromUrl(url: string, from: string): SmtpConfig {
  const parsed = new URL(url);
  if (parsed.protocol !== 'smtp:' && parsed.protocol !== 'smtps:') throw invalidOption(`smtp: expected smtp:// or smtps://, got '${url}'`);
  const secure = parsed.protocol === 'smtps:';
  return {
    host: parsed.hostname,
    port: parsed.port ? Number(parsed.port) : secure ? 465 : 587,
    secure,
    auth: parsed.username ? { user: decodeURIComponent(parsed.username), pass: decodeURIComponent(parsed.password) } : undefined,
    from,
  };
}

export interface OtpMailer {
  /** `validFor`: the code's lifetime in words, e.g. '5 minutes'. `purpose` 'confirm': a code to confirm a change to the account. */
  sendCode(to: string, code: string, validFor: string, purpose?: 'sign-in' | 'confirm'): Promise<void>;
  /** A notice about the account (a sign-in method added or removed), plain text. */
  sendNotice(to: string, subject: string, text: string): Promise<void>;
  close(): void;
}

const escapeHtml = (value: string) =>
  value.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c] as string);

export function createOtpMailer(smtp: SmtpConfig, appName: string): OtpMailer {
  const transport = nodemailer.createTransport({
    host: smtp.host,
    port: smtp.port,
    secure: smtp.secure ?? false,
    auth: smtp.auth,
    connectionTimeout: 10_000,
    greetingTimeout: 10_000,
    socketTimeout: 20_000,
  });
  const name = appName.replace(/[<>&"']/g, '');
  return {
    async sendCode(to, code, validFor, purpose = 'sign-in') {
      const what = purpose === 'confirm' ? `${name} confirmation code` : `${name} sign-in code`;
      const why = purpose === 'confirm' ? ' It confirms a change to how you sign in to your wallet.' : '';
      await transport.sendMail({
        from: smtp.from,
        to,
        subject: `${code} is your ${what}`,
        text: `Your ${what} is ${code}\n\nIt expires in ${validFor} and works once.${why} If you did not ask for it, ignore this mail.\n`,
        html: `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif"><p>Your ${what} is</p><p style="font-size:28px;font-weight:bold;letter-spacing:4px">${code}</p><p>It expires in ${validFor} and works once.${why} If you did not ask for it, ignore this mail.</p></body></html>`,
      });
    },
    async sendNotice(to, subject, text) {
      await transport.sendMail({
        from: smtp.from,
        to,
        subject,
        text: `${text}\n`,
        html: `<!doctype html><html lang="en"><body style="font-family:system-ui,sans-serif">${text
          .split('\n\n')
          .map((part) => `<p>${escapeHtml(part)}</p>`)
          .join('')}</body></html>`,
      });
    },
    close() {
      transport.close();
    },
  };
}
