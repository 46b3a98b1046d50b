// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Checks a settlement against a cap fixed at deployment (an immutable: its runtime bytecode has
/// immutable references). LedgerV1 calls it inside try/catch, so its failing `require` is a
/// reverted frame inside a transaction that succeeds.
contract LedgerChecker {
    uint256 public immutable cap;

    constructor(uint256 cap_) {
        cap = cap_;
    }

    function check(uint256 amount) external view returns (uint256 room) {
        require(amount <= cap, "LedgerChecker: amount over the cap");
        room = cap - amount;
    }
}
