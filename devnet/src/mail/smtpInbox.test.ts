import { createConnection } from 'node:net';
import nodemailer from 'nodemailer';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpInbox, startSmtpInbox } from './smtpInbox.js';

let inbox: SmtpInbox;
beforeAll(async () => {
  inbox = await startSmtpInbox({ maxMessageBytes: 64 * 1024 });
});
afterAll(async () => {
  await inbox.close();
});

const transport = () => nodemailer.createTransport({ host: inbox.host, port: inbox.port, secure: false, ignoreTLS: true });

/** Talks raw SMTP and returns the server's reply lines. */
async function rawSmtp(lines: string[]): Promise<string> {
  const socket = createConnection({ host: inbox.host, port: inbox.port });
  let received = '';
  socket.on('data', (chunk) => {
    received += chunk.toString();
  });
  const deadline = Date.now() + 5000;
  while (!received.startsWith('220') && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 20));
  for (const line of lines) {
    socket.write(`${line}\r\n`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
  await new Promise((resolve) => setTimeout(resolve, 100));
  socket.destroy();
  return received;
}

describe('startSmtpInbox', () => {
  it('binds loopback and exposes its URLs', () => {
    expect(inbox.host).toBe('127.0.0.1');
    expect(inbox.url).toBe(`smtp://127.0.0.1:${inbox.port}`);
    expect(inbox.httpUrl).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/$/);
  });

  it('receives a mail over SMTP, parses it and finds its code', async () => {
    const after = inbox.messages.length;
    await transport().sendMail({
      from: 'Wallet <wallet@example.test>',
      to: 'Alice@Example.test',
      subject: 'Your sign-in code',
      text: 'Your code is 482913. It expires in 5 minutes.',
      html: '<p>Your code is <b>482913</b>.</p>',
    });
    const mail = await inbox.waitFor({ to: 'alice@example.test' }, { after });
    expect(mail.from).toBe('wallet@example.test');
    expect(mail.to).toEqual(['alice@example.test']);
    expect(mail.subject).toBe('Your sign-in code');
    expect(mail.text).toContain('482913');
    expect(mail.html).toContain('<b>482913</b>');
    expect(mail.date).toBeInstanceOf(Date);
    expect(inbox.latestCode('ALICE@example.test')).toBe('482913');
    expect(inbox.latestCode('nobody@example.test')).toBeUndefined();
  });

  it('waitFor waits for a mail that has not arrived yet, and latestCode takes the newest', async () => {
    const after = inbox.messages.length;
    const waiting = inbox.waitFor((mail) => mail.subject === 'second', { after });
    await transport().sendMail({ from: 'w@example.test', to: 'alice@example.test', subject: 'second', text: 'code 100200' });
    expect((await waiting).text).toContain('100200');
    expect(inbox.latestCode('alice@example.test')).toBe('100200');
  });

  it('waitFor rejects with a clear error after its timeout', async () => {
    await expect(inbox.waitFor({ to: 'never@example.test' }, { timeoutMs: 100 })).rejects.toThrow(/No matching mail arrived within 100 ms/);
  });

  it('refuses a message over the size limit', async () => {
    const before = inbox.messages.length;
    await expect(
      transport().sendMail({ from: 'w@example.test', to: 'big@example.test', subject: 'big', text: 'x'.repeat(100 * 1024) }),
    ).rejects.toThrow(/552|size|exceed/i);
    expect(inbox.messages.length).toBe(before);
  });

  it('offers no AUTH and no STARTTLS', async () => {
    const reply = await rawSmtp(['EHLO test', 'AUTH PLAIN AGxvZ2luAHBhc3M=', 'STARTTLS', 'QUIT']);
    expect(reply).toMatch(/^220 /m);
    expect(reply).not.toMatch(/^250[- ]AUTH/m);
    expect(reply).not.toMatch(/^250[- ]STARTTLS/m);
    expect(reply).toMatch(/^5\d\d /m);
  });

  it('serves a read-only page listing the mails and codes, newest first', async () => {
    const page = await fetch(inbox.httpUrl);
    expect(page.status).toBe(200);
    expect(page.headers.get('content-security-policy')).toContain("default-src 'none'");
    const html = await page.text();
    expect(html).toContain('<title>Local inbox</title>');
    expect(html.indexOf('100200')).toBeGreaterThan(0);
    expect(html.indexOf('100200')).toBeLessThan(html.indexOf('482913'));
    const json = (await (await fetch(new URL('messages.json', inbox.httpUrl))).json()) as { code?: string }[];
    expect(json[0]?.code).toBe('100200');
    expect((await fetch(inbox.httpUrl, { method: 'POST' })).status).toBe(405);
  });

  it('escapes mail content on the page', async () => {
    const after = inbox.messages.length;
    await transport().sendMail({ from: 'w@example.test', to: 'eve@example.test', subject: '<script>alert(1)</script>', text: 'hi' });
    await inbox.waitFor({ to: 'eve@example.test' }, { after });
    const html = await (await fetch(inbox.httpUrl)).text();
    expect(html).not.toContain('<script>alert(1)</script>');
    expect(html).toContain('&lt;script&gt;alert(1)&lt;/script&gt;');
  });
});
