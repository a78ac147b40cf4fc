// @vitest-environment node
import { describe, expect, it } from 'vitest';
import { CLI_HELP, parseCliConfig } from './cliConfig.js';

const BASE = ['--project', 'd=http://a.test', '--smtp', 'smtp://127.0.0.1:2525', '--from', 'w@x.test'];

describe('the CLI configuration of Sign In With Farcaster', () => {
  it('is off without a relay', () => {
    expect(parseCliConfig(BASE, {}).options?.farcaster).toBeUndefined();
  });

  it('reads the relay, the RPC URL, the domain and the SIWE URI from flags, and a flag wins over its variable', () => {
    const { options } = parseCliConfig(
      [...BASE, '--farcaster-relay', 'https://relay.farcaster.xyz', '--farcaster-domain', 'wallet.example.com'],
      {
        LATCH_EMBEDDED_FARCASTER_RELAY_URL: 'http://127.0.0.1:8000',
        LATCH_EMBEDDED_FARCASTER_RPC_URL: 'https://op.example.com/rpc',
        LATCH_EMBEDDED_FARCASTER_SIWE_URI: 'https://wallet.example.com/login',
      },
    );
    expect(options?.farcaster).toEqual({
      relayUrl: 'https://relay.farcaster.xyz',
      rpcUrl: 'https://op.example.com/rpc',
      domain: 'wallet.example.com',
      siweUri: 'https://wallet.example.com/login',
    });
  });

  it('reads the environment alone', () => {
    const { options } = parseCliConfig(BASE, {
      LATCH_EMBEDDED_FARCASTER_RELAY_URL: 'http://127.0.0.1:8000',
      LATCH_EMBEDDED_FARCASTER_RPC_URL: 'http://127.0.0.1:8545',
    });
    expect(options?.farcaster).toEqual({ relayUrl: 'http://127.0.0.1:8000', rpcUrl: 'http://127.0.0.1:8545' });
  });

  it('names what is missing', () => {
    expect(() => parseCliConfig([...BASE, '--farcaster-relay', 'https://relay.farcaster.xyz'], {})).toThrow(
      '--farcaster-relay needs --farcaster-rpc <an OP mainnet JSON-RPC URL>',
    );
    expect(() => parseCliConfig([...BASE, '--farcaster-rpc', 'http://127.0.0.1:8545'], {})).toThrow(
      '--farcaster-rpc/-domain/-siwe-uri given without --farcaster-relay <url>',
    );
  });

  it('lists the flags in --help', () => {
    for (const flag of ['--farcaster-relay', '--farcaster-rpc', '--farcaster-domain', '--farcaster-siwe-uri'])
      expect(CLI_HELP).toContain(flag);
  });
});
