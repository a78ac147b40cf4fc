/** ERC-165 interface ids (EIP-721): the token standard, and its optional enumeration extension. */
export const ERC721_INTERFACE_ID = '0x80ac58cd';
export const ERC721_ENUMERABLE_INTERFACE_ID = '0x780e9d63';
/** keccak256('Transfer(address,address,uint256)'): ERC-721 indexes all three arguments (four topics). */
export const TRANSFER_TOPIC = '0xddf252ad1be2c89b69c2b068fc378daa952ba7f163c4a11628f55a4df523b3ef';

const addressInput = (name: string) => ({ name, type: 'address' }) as const;
const uintInput = (name: string) => ({ name, type: 'uint256' }) as const;
const view = <const Name extends string, const Inputs, const Output extends string>(name: Name, inputs: Inputs, output: Output) =>
  ({ type: 'function', stateMutability: 'view', name, inputs, outputs: [{ name: '', type: output }] }) as const;

/** Just the reads the NFT reader makes (viem's erc721Abi lacks ERC-165 and enumeration). */
export const erc721ReadAbi = [
  view('supportsInterface', [{ name: 'interfaceId', type: 'bytes4' }], 'bool'),
  view('balanceOf', [addressInput('owner')], 'uint256'),
  view('ownerOf', [uintInput('tokenId')], 'address'),
  view('tokenOfOwnerByIndex', [addressInput('owner'), uintInput('index')], 'uint256'),
  view('tokenURI', [uintInput('tokenId')], 'string'),
  view('name', [], 'string'),
  view('symbol', [], 'string'),
] as const;
