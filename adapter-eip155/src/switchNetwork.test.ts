import { describe, expect, it } from 'vitest';
import { mainnet, polygon } from './networks/index.js';
import { devnet } from './networks/devnet.js';
import { isUnrecognisedChainError, toAddEthereumChainParameter } from './switchNetwork.js';

describe('isUnrecognisedChainError', () => {
  it.each([
    ['code 4902', { code: 4902, message: 'x' }],
    [
      '4902 wrapped in data.originalError (MetaMask mobile)',
      { code: -32603, message: 'Internal error', data: { originalError: { code: 4902 } } },
    ],
    [
      'an "Unrecognized chain ID" message',
      new Error('Unrecognized chain ID "0x7a6a". Try adding the chain using wallet_addEthereumChain first.'),
    ],
    ['the British spelling', { code: -32603, message: 'Unrecognised chain' }],
  ])('recognises %s', (_label, err) => {
    expect(isUnrecognisedChainError(err)).toBe(true);
  });

  it.each([
    ['a user rejection', { code: 4001, message: 'User rejected the request.' }],
    ['an internal error', { code: -32603, message: 'Internal error' }],
    ['null', null],
  ])('does not treat %s as an unknown chain', (_label, err) => {
    expect(isUnrecognisedChainError(err)).toBe(false);
  });
});

describe('toAddEthereumChainParameter (EIP-3085)', () => {
  it('describes the network with hex chain id, currency, RPC and explorer', () => {
    expect(toAddEthereumChainParameter(polygon)).toEqual({
      chainId: '0x89',
      chainName: 'Polygon',
      nativeCurrency: { name: 'POL', symbol: 'POL', decimals: 18 },
      rpcUrls: ['https://polygon-rpc.com'],
      blockExplorerUrls: ['https://polygonscan.com'],
    });
    expect(toAddEthereumChainParameter(mainnet).chainId).toBe('0x1');
  });

  it('leaves out blockExplorerUrls when the network has no explorer', () => {
    expect(toAddEthereumChainParameter(devnet)).not.toHaveProperty('blockExplorerUrls');
  });
});
