import { createServer, type Server } from 'node:http';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type PostgresFixture, startPostgres } from './postgres.js';
import { startRoundRobinProxy } from './roundRobinProxy.js';
import { startServiceProcess } from './serviceProcess.js';

describe('startPostgres', () => {
  let postgres: PostgresFixture;
  beforeAll(async () => {
    postgres = await startPostgres();
  });
  afterAll(() => postgres?.stop());

  it('starts a real PostgreSQL server on 127.0.0.1 and creates databases on it', async () => {
    expect(postgres.url).toMatch(/^postgres:\/\/latch@127\.0\.0\.1:\d+\/postgres$/);
    const [row] = await postgres.query<{ version: string }>('SELECT version()');
    expect(row?.version).toMatch(/^PostgreSQL \d+/);
    const first = await postgres.createDatabase();
    const second = await postgres.createDatabase();
    expect(first).not.toBe(second);
    const { default: pg } = await import('pg');
    const client = new pg.Client({ connectionString: first });
    await client.connect();
    try {
      const { rows } = await client.query('SELECT current_database() AS name');
      expect(first.endsWith(`/${rows[0].name}`)).toBe(true);
    } finally {
      await client.end();
    }
  });

  it('refuses a database name that is not a plain identifier', async () => {
    await expect(postgres.createDatabase('x; DROP DATABASE postgres')).rejects.toThrow(/plain database name/);
  });

  it('stop ends the server: a new connection is refused', async () => {
    const own = await startPostgres();
    await own.stop();
    await expect(own.query('SELECT 1')).rejects.toThrow(/ECONNREFUSED|terminat|connect/);
    await own.stop();
  });
});

describe('startRoundRobinProxy', () => {
  const servers: Server[] = [];
  const targets: string[] = [];
  beforeAll(async () => {
    for (const name of ['a', 'b']) {
      const server = createServer((request, response) => {
        const chunks: Buffer[] = [];
        request.on('data', (chunk: Buffer) => chunks.push(chunk));
        request.on('end', () =>
          response.end(JSON.stringify({ name, forwardedFor: request.headers['x-forwarded-for'], body: Buffer.concat(chunks).toString() })),
        );
      });
      await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
      const address = server.address();
      if (typeof address === 'object' && address) targets.push(`http://127.0.0.1:${address.port}`);
      servers.push(server);
    }
  });
  afterAll(() => Promise.all(servers.map((server) => new Promise((resolve) => server.close(resolve)))));

  it('spreads requests over the instances in turn, with their bodies and an appended X-Forwarded-For', async () => {
    const proxy = await startRoundRobinProxy(targets);
    try {
      const answers = [];
      for (let i = 0; i < 4; i++) {
        const response = await fetch(proxy.url, { method: 'POST', body: `n${i}`, headers: { 'X-Forwarded-For': '203.0.113.9' } });
        answers.push(await response.json());
      }
      expect(answers.map((answer) => answer.name)).toEqual(['a', 'b', 'a', 'b']);
      expect(answers.map((answer) => answer.body)).toEqual(['n0', 'n1', 'n2', 'n3']);
      expect(answers[0].forwardedFor).toBe('203.0.113.9, 127.0.0.1');
      expect(proxy.served).toEqual([2, 2]);
    } finally {
      await proxy.close();
    }
  });

  it('skips an instance that refuses connections, and answers 502 when none is left', async () => {
    const dead = 'http://127.0.0.1:1';
    const proxy = await startRoundRobinProxy([dead, targets[0] as string], { forwardedFor: 'replace' });
    try {
      for (let i = 0; i < 3; i++) {
        const answer = await (await fetch(proxy.url, { headers: { 'X-Forwarded-For': '203.0.113.9' } })).json();
        expect(answer).toMatchObject({ name: 'a', forwardedFor: '127.0.0.1' });
      }
      proxy.drain(targets[0] as string);
      expect((await fetch(proxy.url)).status).toBe(502);
    } finally {
      await proxy.close();
    }
  });
});

describe('startServiceProcess', () => {
  it('resolves with the URL the process prints, and kill ends it', async () => {
    const service = await startServiceProcess({
      args: [
        '-e',
        "const s=require('node:http').createServer((q,r)=>r.end('hi'));s.listen(0,'127.0.0.1',()=>console.log('up on http://127.0.0.1:'+s.address().port))",
      ],
      ready: /up on (http:\/\/\S+)/,
    });
    expect(await (await fetch(service.url)).text()).toBe('hi');
    await service.kill();
    await expect(fetch(service.url)).rejects.toThrow();
    await service.stop();
  });

  it('rejects with the output when the process exits before it is ready', async () => {
    await expect(startServiceProcess({ args: ['-e', "console.error('bad config'); process.exit(3)"], ready: /never/ })).rejects.toThrow(
      /exited \(3\)[\s\S]*bad config/,
    );
  });
});
