/** §5/§8 messages of the account's actions (send, activity, names); part of the catalogue in messages.ts. */

// Send (§5)
export const SEND_AMOUNT_AND_RECEIVER_REQUIRED_MESSAGE = 'An amount and receiver address are required';
export const SEND_TOKEN_REQUIRED_MESSAGE = 'A token is required';
export const UNSUPPORTED_CHAIN_MESSAGE = 'Unsupported chain';

// Names and activity (§8)
export const ERROR_RESOLVING_NAME_MESSAGE = 'Error resolving name';
export const TRANSACTIONS_REQUIRE_ACCOUNT_ADDRESS_MESSAGE = "Transactions can't be fetched without an accountAddress";
export const FAILED_TO_FETCH_TRANSACTIONS_MESSAGE = 'Failed to fetch transactions';
