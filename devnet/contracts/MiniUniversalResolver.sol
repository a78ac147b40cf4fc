// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

interface IENSRegistry {
    function resolver(bytes32 node) external view returns (address);
}

/// @notice The part of ENS's Universal Resolver that viem's getEnsAddress/getEnsText call, for tests on anvil:
/// finds the name's resolver in the registry (exact name, no wildcard, no CCIP-Read) and forwards the call.
contract MiniUniversalResolver {
    error ResolverNotFound(bytes name);
    error ResolverError(bytes errorData);

    IENSRegistry public immutable registry;

    constructor(IENSRegistry registry_) {
        registry = registry_;
    }

    function resolveWithGateways(bytes calldata name, bytes calldata data, string[] calldata)
        external
        view
        returns (bytes memory, address)
    {
        address resolver = registry.resolver(_namehash(name, 0));
        if (resolver == address(0)) revert ResolverNotFound(name);
        (bool ok, bytes memory result) = resolver.staticcall(data);
        if (!ok) revert ResolverError(result);
        return (result, resolver);
    }

    /// @dev ENSIP-1 namehash of a DNS-encoded name (length-prefixed labels, zero-terminated).
    function _namehash(bytes calldata name, uint256 offset) private pure returns (bytes32) {
        uint256 length = uint8(name[offset]);
        if (length == 0) return bytes32(0);
        bytes32 label = keccak256(name[offset + 1:offset + 1 + length]);
        return keccak256(abi.encodePacked(_namehash(name, offset + 1 + length), label));
    }
}
