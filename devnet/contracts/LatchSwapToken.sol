// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC20} from "@openzeppelin/contracts/token/ERC20/ERC20.sol";

/// @notice A second demo ERC-20 for swap tests: name, symbol and decimals chosen at deployment, minted to holders.
contract LatchSwapToken is ERC20 {
    error HoldersAndAmountsDiffer();

    uint8 private immutable tokenDecimals;

    constructor(string memory name_, string memory symbol_, uint8 decimals_, address[] memory holders, uint256[] memory amounts)
        ERC20(name_, symbol_)
    {
        if (holders.length != amounts.length) revert HoldersAndAmountsDiffer();
        tokenDecimals = decimals_;
        for (uint256 i = 0; i < holders.length; ++i) {
            _mint(holders[i], amounts[i]);
        }
    }

    function decimals() public view override returns (uint8) {
        return tokenDecimals;
    }
}
