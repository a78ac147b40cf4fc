// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

/// @notice The read side of Farcaster's IdRegistry (OP mainnet 0x00000000Fc6c5F01Fc30151999387Bb99A9f489b) that
/// Sign In With Farcaster verifiers call. The devnet installs the runtime code at the real address and writes
/// the two mappings with anvil_setStorageAt, so the slots below are part of its contract: keep their order.
contract FarcasterIdRegistry {
    /// slot 0
    mapping(uint256 fid => address custody) public custodyOf;
    /// slot 1
    mapping(address custody => uint256 fid) public idOf;
}

/// @notice The read side of Farcaster's KeyRegistry (0x00000000Fc1237824fb747aBDE0FF18990E59b7e): auth-client asks
/// `keyDataOf(fid, abi.encode(address))` whether a signer is an auth address (keyType 2, state 1 = added).
contract FarcasterKeyRegistry {
    struct KeyData {
        uint8 state;
        uint32 keyType;
    }

    /// slot 0
    mapping(uint256 fid => mapping(bytes key => KeyData data)) internal keys;

    function keyDataOf(uint256 fid, bytes calldata key) external view returns (KeyData memory) {
        return keys[fid][key];
    }
}
