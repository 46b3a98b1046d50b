// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// An event whose arguments do not each take one data word: after `who` (a topic) come a static
/// array and a static struct (two words each), then `amount` and a string. A reader that gives
/// every non-indexed argument one word reads `amount` from inside the struct (devnet/tally.mjs).
contract Tally {
    struct Spot {
        address at;
        uint64 level;
    }

    event Entry(address indexed who, uint256[2] pair, Spot spot, uint256 amount, string note);

    function record(
        address who,
        uint256[2] calldata pair,
        Spot calldata spot,
        uint256 amount,
        string calldata note
    ) external {
        emit Entry(who, pair, spot, amount, note);
    }
}
