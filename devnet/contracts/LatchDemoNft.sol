// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {Base64} from "@openzeppelin/contracts/utils/Base64.sol";
import {Strings} from "@openzeppelin/contracts/utils/Strings.sol";

/// @notice Demo ERC-721 for Latch tests: token ids 1..count minted to one owner; metadata is fully on-chain.
contract LatchDemoNft is ERC721 {
    using Strings for uint256;

    constructor(address owner, uint256 count) ERC721("Latch Demo NFT", "LNFT") {
        for (uint256 tokenId = 1; tokenId <= count; ++tokenId) {
            _mint(owner, tokenId);
        }
    }

    /// @return A `data:application/json;base64,` URI whose `image` is an inline `data:image/svg+xml;base64,` SVG.
    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        _requireOwned(tokenId);
        string memory id = tokenId.toString();
        string memory json = string.concat(
            '{"name":"Latch Demo NFT #', id,
            '","description":"A demo token for Latch tests.","image":"data:image/svg+xml;base64,',
            Base64.encode(bytes(_image(id))),
            '"}'
        );
        return string.concat("data:application/json;base64,", Base64.encode(bytes(json)));
    }

    function _image(string memory id) private pure returns (string memory) {
        return string.concat(
            '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 100 100">',
            '<rect width="100" height="100" rx="16" fill="#4f46e5"/>',
            '<text x="50" y="62" font-family="sans-serif" font-size="32" fill="#fff" text-anchor="middle">#', id, "</text>",
            "</svg>"
        );
    }
}
