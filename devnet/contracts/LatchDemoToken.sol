// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @notice Demo ERC-20 for Latch tests: 18 decimals, balances minted at deployment.
contract LatchDemoToken is ERC20 {
    error HoldersAndAmountsDiffer();

    constructor(address[] memory holders, uint256[] memory amounts) ERC20("Latch Demo Token", "LDT") {
        if (holders.length != amounts.length) revert HoldersAndAmountsDiffer();
        for (uint256 i = 0; i < holders.length; ++i) {
            _mint(holders[i], amounts[i]);
        }
    }
}
