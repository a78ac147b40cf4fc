// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC4337} from "solady/src/accounts/ERC4337.sol";
import {ECDSA} from "solady/src/utils/ECDSA.sol";
import {LibClone} from "solady/src/utils/LibClone.sol";

/// The embedded wallet's smart account: Solady's ERC4337 account (EntryPoint v0.7, single owner, ERC-1271 with
/// ERC-7739 nested typed-data signatures, UUPS-upgradeable by its owner), its EIP-712 name, and session keys.
///
/// Sessions (ERC-7715 permissions): the owner grants a dApp's own key (the session signer) the right to send
/// UserOperations that call listed functions (target + selector, with a native value limit per call) until an expiry.
/// - Granting and revoking are owner-only calls on the account itself (`grantSession`, `revokeSession`). The granter
///   names the session's id (a bytes32 never used before on this account; the embedded wallet's frame puts a tag of
///   the granting site in it, so a site can only revoke its own sessions); an id is never reused, even once revoked.
/// - A session-signed UserOperation carries `SESSION_SIGNATURE_MAGIC ++ sessionId (32 bytes) ++ ECDSA signature (65)`
///   over the same hash the owner signs; every other signature goes through the owner path, unchanged.
/// - Its callData must be the canonical ABI encoding of `execute` or `executeBatch` whose every call is allowed;
///   the account itself and the EntryPoint are never allowed targets, so a session cannot grant sessions, change the
///   owner, upgrade the account, delegatecall, or withdraw the account's deposit.
/// - It must name a paymaster: a session never spends the account's ETH on gas (a dApp acting as its own bundler
///   could otherwise drain it through the gas price).
/// - Validation returns the session's expiry as ERC-4337 `validUntil`, so the EntryPoint enforces it on chain;
///   validation reads only this account's storage (the ERC-4337 storage rules).
/// Anything else returns SIG_VALIDATION_FAILED (1).
contract LatchSmartAccount is ERC4337 {
    /// The four bytes that start a session signature.
    bytes4 public constant SESSION_SIGNATURE_MAGIC = 0x5e551075;
    /// A session signature's length: magic (4) + session id (32) + r, s, v (65).
    uint256 internal constant _SESSION_SIGNATURE_LENGTH = 101;

    /// One allowed call of a session: `selector` is `bytes4(0)` for a call without data (a plain transfer).
    struct SessionCall {
        address target;
        bytes4 selector;
        uint256 valueLimit;
    }

    struct Session {
        address signer;
        uint48 validUntil;
        bool used;
    }

    struct Allowance {
        bool allowed;
        uint256 valueLimit;
    }

    /// @custom:storage-location erc7201:latch.smartaccount.sessions
    struct SessionStorage {
        mapping(bytes32 => Session) sessions;
        mapping(bytes32 => mapping(address => mapping(bytes4 => Allowance))) allowances;
    }

    /// keccak256(abi.encode(uint256(keccak256("latch.smartaccount.sessions")) - 1)) & ~bytes32(uint256(0xff))
    bytes32 private constant _SESSION_STORAGE_SLOT = 0x7f1f3ae487034efbdb8b49459e891e0276b0e18cd4e042160eaa8feb2d7aab00;

    event SessionGranted(bytes32 indexed id, address indexed signer, uint48 validUntil, SessionCall[] calls);
    event SessionRevoked(bytes32 indexed id);

    error SessionSignerIsZero();
    error SessionExpiryNotInFuture();
    error SessionHasNoCalls();
    error SessionTargetNotAllowed(address target);
    error SessionNotFound(bytes32 id);
    error SessionIdAlreadyUsed(bytes32 id);

    function _domainNameAndVersion() internal pure override returns (string memory name, string memory version) {
        name = "LatchSmartAccount";
        version = "1";
    }

    function _sessionStorage() private pure returns (SessionStorage storage $) {
        bytes32 slot = _SESSION_STORAGE_SLOT;
        /// @solidity memory-safe-assembly
        assembly {
            $.slot := slot
        }
    }

    /// Grants `signer` the listed calls until `validUntil` (a unix time in the future) as session `id`. Owner only
    /// (directly, through the account itself, or as the callData of an owner-signed UserOperation).
    function grantSession(bytes32 id, address signer, uint48 validUntil, SessionCall[] calldata calls)
        external
        onlyEntryPointOrOwner
    {
        if (signer == address(0)) revert SessionSignerIsZero();
        if (validUntil <= block.timestamp) revert SessionExpiryNotInFuture();
        if (calls.length == 0) revert SessionHasNoCalls();
        SessionStorage storage $ = _sessionStorage();
        if ($.sessions[id].used) revert SessionIdAlreadyUsed(id);
        for (uint256 i; i < calls.length; ++i) {
            address target = calls[i].target;
            if (target == address(this) || target == entryPoint() || target == address(0)) {
                revert SessionTargetNotAllowed(target);
            }
            $.allowances[id][target][calls[i].selector] = Allowance(true, calls[i].valueLimit);
        }
        $.sessions[id] = Session(signer, validUntil, true);
        emit SessionGranted(id, signer, validUntil, calls);
    }

    /// Ends session `id` at once. Owner only.
    function revokeSession(bytes32 id) external onlyEntryPointOrOwner {
        SessionStorage storage $ = _sessionStorage();
        if ($.sessions[id].signer == address(0)) revert SessionNotFound(id);
        $.sessions[id].signer = address(0);
        $.sessions[id].validUntil = 0;
        emit SessionRevoked(id);
    }

    /// Session `id`'s signer and expiry (zero address once revoked or never granted).
    function session(bytes32 id) external view returns (address signer, uint48 validUntil) {
        Session storage s = _sessionStorage().sessions[id];
        return (s.signer, s.validUntil);
    }

    /// Whether session `id` may call `selector` on `target`, and with at most which value per call.
    function sessionAllowance(bytes32 id, address target, bytes4 selector)
        external
        view
        returns (bool allowed, uint256 valueLimit)
    {
        Allowance storage a = _sessionStorage().allowances[id][target][selector];
        return (a.allowed, a.valueLimit);
    }

    function _validateSignature(PackedUserOperation calldata userOp, bytes32 userOpHash)
        internal
        override
        returns (uint256 validationData)
    {
        bytes calldata signature = userOp.signature;
        if (signature.length != _SESSION_SIGNATURE_LENGTH || bytes4(signature[:4]) != SESSION_SIGNATURE_MAGIC) {
            return super._validateSignature(userOp, userOpHash);
        }
        bytes32 id = bytes32(signature[4:36]);
        Session memory s = _sessionStorage().sessions[id];
        if (s.signer == address(0)) return 1;
        if (userOp.paymasterAndData.length == 0) return 1;
        // The calls are checked before the signature, so a gas estimate made with a stub signature pays for both.
        if (!_sessionCallsAllowed(id, userOp.callData)) return 1;
        address recovered = ECDSA.tryRecoverCalldata(ECDSA.toEthSignedMessageHash(userOpHash), signature[36:]);
        if (recovered != s.signer) return 1;
        // validAfter 0, validUntil the session's expiry, signature valid: the EntryPoint refuses it after the expiry.
        return uint256(s.validUntil) << 160;
    }

    /// Whether `callData` is exactly `execute(target, value, data)` or `executeBatch(calls)`, canonically encoded, and
    /// session `id` allows every call in it.
    function _sessionCallsAllowed(bytes32 id, bytes calldata callData) private view returns (bool) {
        if (callData.length < 4) return false;
        bytes4 selector = bytes4(callData[:4]);
        if (selector == this.execute.selector) {
            (address target, uint256 value, bytes memory data) = abi.decode(callData[4:], (address, uint256, bytes));
            if (keccak256(callData) != keccak256(abi.encodeWithSelector(selector, target, value, data))) return false;
            return _sessionCallAllowed(id, target, value, data);
        }
        if (selector == this.executeBatch.selector) {
            Call[] memory calls = abi.decode(callData[4:], (Call[]));
            if (calls.length == 0) return false;
            if (keccak256(callData) != keccak256(abi.encodeWithSelector(selector, calls))) return false;
            for (uint256 i; i < calls.length; ++i) {
                if (!_sessionCallAllowed(id, calls[i].target, calls[i].value, calls[i].data)) return false;
            }
            return true;
        }
        return false;
    }

    function _sessionCallAllowed(bytes32 id, address target, uint256 value, bytes memory data)
        private
        view
        returns (bool)
    {
        bytes4 selector;
        if (data.length == 0) {
            selector = bytes4(0);
        } else if (data.length < 4) {
            return false;
        } else {
            selector = bytes4(data);
        }
        Allowance storage a = _sessionStorage().allowances[id][target][selector];
        return a.allowed && value <= a.valueLimit;
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
