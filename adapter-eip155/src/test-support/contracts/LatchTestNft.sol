// SPDX-License-Identifier: MIT
pragma solidity ^0.8.24;

import {ERC721} from "@openzeppelin/contracts/token/ERC721/ERC721.sol";
import {ERC721Enumerable} from "@openzeppelin/contracts/token/ERC721/extensions/ERC721Enumerable.sol";

/// @notice Test ERC-721 for the adapter's NFT reader: any token URI (valid or not) per token, a token whose
/// tokenURI reverts, and ERC721Enumerable that can be hidden from ERC-165 to force the Transfer-log path.
contract LatchTestNft is ERC721Enumerable {
    bytes4 private constant ENUMERABLE_INTERFACE = 0x780e9d63;
    bool private immutable announcesEnumerable;
    mapping(uint256 => string) private uris;
    mapping(uint256 => bool) private broken;

    constructor(string memory name_, string memory symbol_, bool enumerable) ERC721(name_, symbol_) {
        announcesEnumerable = enumerable;
    }

    function mint(address to, uint256 tokenId, string calldata uri) external {
        _mint(to, tokenId);
        uris[tokenId] = uri;
    }

    function mintMany(address to, uint256 firstId, uint256 count) external {
        for (uint256 i = 0; i < count; ++i) {
            _mint(to, firstId + i);
        }
    }

    function breakTokenUri(uint256 tokenId) external {
        broken[tokenId] = true;
    }

    function tokenURI(uint256 tokenId) public view override returns (string memory) {
        require(!broken[tokenId], "broken tokenURI");
        return uris[tokenId];
    }

    function supportsInterface(bytes4 interfaceId) public view override returns (bool) {
        if (interfaceId == ENUMERABLE_INTERFACE && !announcesEnumerable) return false;
        return super.supportsInterface(interfaceId);
    }
}
