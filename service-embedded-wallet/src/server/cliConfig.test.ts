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
      trustProxy: 1,
      otpExpiresInSeconds: 300,
    });
  });

  it('puts projects in one wallet group only when told, by flag or variable, and refuses a group for no project', () => {
    const base = ['--smtp', 'smtp://127.0.0.1:2525', '--from', 'w@x.test', '--secret', SECRET];
    const projects = ['--project', 'a=https://a.example', '--project', 'b=https://b.example', '--project', 'c=https://c.example'];
    const flags = parseCliConfig([...base, ...projects, '--wallet-group', 'a=shops', '--wallet-group', 'b=shops'], {});
    expect(flags.options?.projects.map((project) => [project.id, project.walletGroup])).toEqual([
      ['a', 'shops'],
      ['b', 'shops'],
      ['c', undefined],
    ]);
    const env = parseCliConfig([...base, ...projects], { LATCH_EMBEDDED_WALLET_GROUPS: 'c=mine' });
    expect(env.options?.projects.find((project) => project.id === 'c')?.walletGroup).toBe('mine');
    expect(() => parseCliConfig([...base, ...projects, '--wallet-group', 'z=shops'], {})).toThrow(
      "--wallet-group: expected <project id>=<group> for a --project, got 'z=shops'",
    );
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
    expect(options?.trustProxy).toBe(1);
  });

  it('counts the proxies in front: --proxies <n> or LATCH_EMBEDDED_TRUST_PROXY=<n>; none by default', () => {
    const base = ['--project', 'a=https://a.example', '--smtp', 'smtp://127.0.0.1:2525', '--from', 'w@x.test', '--secret', SECRET];
    expect(parseCliConfig(base, {}).options?.trustProxy).toBe(0);
    expect(parseCliConfig([...base, '--proxies', '2'], {}).options?.trustProxy).toBe(2);
    expect(parseCliConfig(base, { LATCH_EMBEDDED_TRUST_PROXY: '3' }).options?.trustProxy).toBe(3);
    expect(parseCliConfig(base, { LATCH_EMBEDDED_TRUST_PROXY: 'true' }).options?.trustProxy).toBe(1);
    expect(parseCliConfig([...base, '--proxies', '0'], { LATCH_EMBEDDED_TRUST_PROXY: '2' }).options?.trustProxy).toBe(0);
    expect(() => parseCliConfig([...base, '--proxies', 'all'], {})).toThrow("--proxies: expected a whole number, got 'all'");
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

  it('reads the social logins from flags and the environment, and names what is missing', () => {
    const base = ['--project', 'd=http://a.test', '--smtp', 'smtp://127.0.0.1:2525', '--from', 'w@x.test'];
    expect(parseCliConfig(base, {}).options?.socials).toBeUndefined();
    const { options } = parseCliConfig(
      [
        ...base,
        '--social',
        'google=123.apps.googleusercontent.com',
        '--social-option',
        'google.discoveryUrl=http://127.0.0.1:9000/.well-known/openid-configuration',
        '--social-option',
        'github.scopes=read:user user:email',
      ],
      {
        LATCH_EMBEDDED_GOOGLE_CLIENT_SECRET: 'g-secret',
        LATCH_EMBEDDED_GITHUB_CLIENT_ID: 'Iv1.abc',
        LATCH_EMBEDDED_GITHUB_CLIENT_SECRET: 'gh-secret',
        LATCH_EMBEDDED_X_CLIENT_ID: 'x-id',
        LATCH_EMBEDDED_X_CLIENT_SECRET: 'x-secret',
        LATCH_EMBEDDED_X_TOKEN_URL: 'http://127.0.0.1:9000/token',
      },
    );
    expect(options?.socials).toEqual({
      google: {
        clientId: '123.apps.googleusercontent.com',
        clientSecret: 'g-secret',
        discoveryUrl: 'http://127.0.0.1:9000/.well-known/openid-configuration',
      },
      github: { clientId: 'Iv1.abc', clientSecret: 'gh-secret', scopes: ['read:user', 'user:email'] },
      x: { clientId: 'x-id', clientSecret: 'x-secret', tokenUrl: 'http://127.0.0.1:9000/token' },
    });

    expect(() => parseCliConfig([...base, '--social', 'myspace=1'], {})).toThrow("--social: unknown provider 'myspace'");
    expect(() => parseCliConfig([...base, '--social', 'google'], {})).toThrow("--social: expected <provider>=<client id>, got 'google'");
    expect(() => parseCliConfig([...base, '--social', 'google=1'], {})).toThrow(
      'google: no client secret (LATCH_EMBEDDED_GOOGLE_CLIENT_SECRET',
    );
    expect(() => parseCliConfig([...base, '--social-option', 'apple.clientSecret=jwt'], {})).toThrow(
      'apple: settings given but no client id',
    );
    expect(() => parseCliConfig([...base, '--social-option', 'google.color=red'], {})).toThrow("--social-option: unknown field 'color'");
    expect(() => parseCliConfig([...base, '--social-option', 'google'], {})).toThrow(
      '--social-option: expected <provider>.<field>=<value>',
    );
  });
});
