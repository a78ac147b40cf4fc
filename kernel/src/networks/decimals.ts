/** §9 native-currency decimals per namespace. */
export const NATIVE_DECIMALS = { solana: 9, bip122: 8 } as const;
