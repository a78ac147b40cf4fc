// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC4337} from "solady/src/accounts/ERC4337.sol";
import {LibClone} from "solady/src/utils/LibClone.sol";

/// The embedded wallet's smart account: Solady's ERC4337 account (EntryPoint v0.7, single owner, ERC-1271 with
/// ERC-7739 nested typed-data signatures, UUPS-upgradeable by its owner), with nothing added but its EIP-712 name.
contract LatchSmartAccount is ERC4337 {
    function _domainNameAndVersion() internal pure override returns (string memory name, string memory version) {
        name = "LatchSmartAccount";
        version = "1";
    }
}

/// Deploys LatchSmartAccount proxies (minimal ERC1967 clones of one implementation) at deterministic addresses, with the
/// interface viem's Solady account speaks: `createAccount(owner, salt)` and `getAddress(salt)`. The salt's upper 160
/// bits must be the owner, so an address can only ever be created for the owner it was predicted for.
contract LatchSmartAccountFactory {
    address public immutable implementation;

    error SaltDoesNotStartWithOwner();

    constructor(address erc4337) payable {
        implementation = erc4337;
    }

    function createAccount(address owner, bytes32 salt) public payable returns (address) {
        if (address(bytes20(salt)) != owner) revert SaltDoesNotStartWithOwner();
        (bool alreadyDeployed, address account) = LibClone.createDeterministicERC1967(msg.value, implementation, salt);
        if (!alreadyDeployed) ERC4337(payable(account)).initialize(owner);
        return account;
    }

    function getAddress(bytes32 salt) public view returns (address) {
        return LibClone.predictDeterministicAddressERC1967(implementation, salt, address(this));
    }
}
