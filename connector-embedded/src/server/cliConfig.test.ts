// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { parseCliConfig } from './cliConfig.js';

const SECRET = 's'.repeat(40);

describe('the CLI configuration', () => {
  it('reads the flags of the one-command start', () => {
    const { options, generatedSecret } = parseCliConfig(
      [
        '--project',
        'demo=http://localhost:5173,http://127.0.0.1:5173',
        '--project',
        'shop=https://shop.example.com',
        '--smtp',
        'smtp://user:p%40ss@127.0.0.1:2525',
        '--from',
        'Wallet <wallet@example.com>',
        '--data-dir',
        './data',
        '--secret',
        SECRET,
        '--port',
        '0',
        '--trust-proxy',
      ],
      {},
    );
    expect(generatedSecret).toBe(false);
    expect(options).toMatchObject({
      projects: [
        { id: 'demo', allowedOrigins: ['http://localhost:5173', 'http://127.0.0.1:5173'] },
        { id: 'shop', allowedOrigins: ['https://shop.example.com'] },
      ],
      smtp: { host: '127.0.0.1', port: 2525, secure: false, auth: { user: 'user', pass: 'p@ss' }, from: 'Wallet <wallet@example.com>' },
      dataDir: './data',
      secret: SECRET,
      port: 0,
      host: '127.0.0.1',
      trustProxy: true,
      otpExpiresInSeconds: 300,
    });
  });

  it('reads the environment when a flag is absent, and a flag wins', () => {
    const env = {
      LATCH_EMBEDDED_PROJECTS: 'a=https://a.example;b=https://b.example,https://c.example',
      LATCH_EMBEDDED_SMTP: 'smtps://mail.example.com',
      LATCH_EMBEDDED_FROM: 'w@example.com',
      LATCH_EMBEDDED_SECRET: SECRET,
      DATABASE_URL: 'postgres://u:p@db:5432/wallet',
      LATCH_EMBEDDED_PORT: '9000',
      LATCH_EMBEDDED_PUBLIC_URL: 'https://wallet.example.com',
      LATCH_EMBEDDED_TRUST_PROXY: '1',
    };
    const { options } = parseCliConfig(['--port', '9100'], env);
    expect(options?.projects).toEqual([
      { id: 'a', allowedOrigins: ['https://a.example'] },
      { id: 'b', allowedOrigins: ['https://b.example', 'https://c.example'] },
    ]);
    expect(options?.smtp).toMatchObject({ host: 'mail.example.com', port: 465, secure: true });
    expect(options?.database).toBe('postgres://u:p@db:5432/wallet');
    expect(options?.port).toBe(9100);
    expect(options?.publicUrl).toBe('https://wallet.example.com');
    expect(options?.trustProxy).toBe(true);
  });

  it('makes up a secret when none is given, and says so', () => {
    const config = parseCliConfig(['--project', 'demo=http://localhost:5173', '--smtp', 'smtp://127.0.0.1:2525', '--from', 'w@x.test'], {});
    expect(config.generatedSecret).toBe(true);
    expect(config.options?.secret.length).toBeGreaterThanOrEqual(32);
  });

  it('names the missing or bad flag', () => {
    const base = ['--smtp', 'smtp://127.0.0.1:2525', '--from', 'w@x.test'];
    expect(() => parseCliConfig(base, {})).toThrow('give at least one --project');
    expect(() => parseCliConfig(['--project', 'demo', ...base], {})).toThrow("--project: expected <id>=<origin>[,<origin>…], got 'demo'");
    expect(() => parseCliConfig(['--project', 'd=http://a.test', '--from', 'w@x.test'], {})).toThrow('give --smtp');
    expect(() => parseCliConfig(['--project', 'd=http://a.test', '--smtp', 'http://x', '--from', 'w@x.test'], {})).toThrow(
      '--smtp: smtp: expected smtp://',
    );
    expect(() => parseCliConfig(['--project', 'd=http://a.test', ...base, '--port', 'abc'], {})).toThrow(
      "--port: expected a whole number, got 'abc'",
    );
    expect(() => parseCliConfig(['--project', 'd=http://a.test', ...base, '--secret', 'short'], {})).toThrow(
      '--secret: at least 32 characters',
    );
    expect(() => parseCliConfig(['--bogus'], {})).toThrow(/bogus/);
    expect(parseCliConfig(['--help'], {}).help).toBe(true);
  });
});
