/*
 * The smart account's own calls, as the page (which builds UserOperations) and the frame (which decodes and signs them)
 * both encode them: Solady's ERC-4337 account (`execute`, `executeBatch`) and Latch's factory for it (`createAccount`,
 * `getAddress`; the salt starts with the owner's address).
 */

/** The account's entry points for one call and for a batch. */
export const SMART_ACCOUNT_ABI = [
  {
    type: 'function',
    name: 'execute',
    stateMutability: 'payable',
    inputs: [
      { name: 'target', type: 'address' },
      { name: 'value', type: 'uint256' },
      { name: 'data', type: 'bytes' },
    ],
    outputs: [],
  },
  {
    type: 'function',
    name: 'executeBatch',
    stateMutability: 'payable',
    inputs: [
      {
        name: 'calls',
        type: 'tuple[]',
        components: [
          { name: 'target', type: 'address' },
          { name: 'value', type: 'uint256' },
          { name: 'data', type: 'bytes' },
        ],
      },
    ],
    outputs: [],
  },
] as const;

/** The factory: deploys the owner's account, and says where it is (or will be). */
export const SMART_ACCOUNT_FACTORY_ABI = [
  {
    type: 'function',
    name: 'createAccount',
    stateMutability: 'payable',
    inputs: [
      { name: 'owner', type: 'address' },
      { name: 'salt', type: 'bytes32' },
    ],
    outputs: [{ type: 'address' }],
  },
  {
    type: 'function',
    name: 'getAddress',
    stateMutability: 'view',
    inputs: [{ name: 'salt', type: 'bytes32' }],
    outputs: [{ type: 'address' }],
  },
] as const;
