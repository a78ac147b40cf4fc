import { isAddress, isSignature, type Address, type Signature } from '@solana/kit';
import { invalidParams } from './rpcError.js';

/** An RPC config object: absent and null both mean "no options". */
export type RpcConfig = Readonly<Record<string, unknown>>;

export function paramList(params: unknown): readonly unknown[] {
  if (params === undefined || params === null) return [];
  if (!Array.isArray(params)) throw invalidParams('Invalid params: invalid type: map, expected a sequence');
  return params;
}

export function stringParam(params: readonly unknown[], index: number, what: string): string {
  const value = params[index];
  if (typeof value !== 'string') throw invalidParams(`Invalid params: expected ${what} (a string) at position ${index}`);
  return value;
}

export function addressParam(params: readonly unknown[], index: number): Address {
  const value = params[index];
  if (typeof value !== 'string') throw invalidParams(`Invalid params: expected a base58 address at position ${index}`);
  if (!isAddress(value)) throw invalidParams('Invalid param: Invalid');
  return value;
}

export function isAddressString(value: unknown): value is Address {
  return typeof value === 'string' && isAddress(value);
}

export function signatureString(value: unknown): Signature {
  if (typeof value !== 'string' || !isSignature(value)) throw invalidParams('Invalid param: Invalid');
  return value;
}

export function configParam(params: readonly unknown[], index: number): RpcConfig {
  const value = params[index];
  if (value === undefined || value === null) return {};
  if (typeof value !== 'object' || Array.isArray(value))
    throw invalidParams(`Invalid params: expected a config object at position ${index}`);
  return value as RpcConfig;
}

export function u64Param(params: readonly unknown[], index: number, what: string): bigint {
  const value = params[index];
  if (typeof value !== 'number' || !Number.isSafeInteger(value) || value < 0) {
    throw invalidParams(`Invalid params: expected ${what} (an unsigned integer) at position ${index}`);
  }
  return BigInt(value);
}

export function optionalBoolean(config: RpcConfig, key: string): boolean | undefined {
  const value = config[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'boolean') throw invalidParams(`Invalid params: ${key} must be a boolean`);
  return value;
}

export function optionalString(config: RpcConfig, key: string): string | undefined {
  const value = config[key];
  if (value === undefined || value === null) return undefined;
  if (typeof value !== 'string') throw invalidParams(`Invalid params: ${key} must be a string`);
  return value;
}
