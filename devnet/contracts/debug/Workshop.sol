// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Made by Workshop with CREATE2: a constructor with lines of its own (an internal call, a
/// storage write, a call back to its maker) that fails while the workshop is closed.
contract Widget {
    uint256 public size;
    address public maker;

    constructor(uint256 s) {
        maker = msg.sender;
        require(Workshop(msg.sender).open(), "Widget: the workshop is closed");
        size = twice(s);
    }

    function twice(uint256 v) internal pure returns (uint256) {
        return v * 2;
    }

    function grow() external returns (uint256) {
        size += 1;
        return size;
    }
}

/// The debugger's creation scenario (devnet/debug.mjs): `make(s)` while closed fails in the
/// Widget's constructor; once open, the same call creates it at the same address and calls it.
contract Workshop {
    bool public open;
    Widget public last;

    function setOpen(bool o) external {
        open = o;
    }

    function make(uint256 s) external returns (uint256) {
        Widget w = new Widget{salt: bytes32(s)}(s);
        last = w;
        return w.grow();
    }
}
