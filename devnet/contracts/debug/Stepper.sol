// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// The callee of Stepper's external call: a counter in another contract.
contract StepCounter {
    uint256 public hits;

    function bump(uint256 by) external returns (uint256) {
        hits += by;
        return hits;
    }
}

/// The debugger's scenario (devnet/debug.mjs): internal functions with typed arguments and
/// returns, a loop, storage read and written, an external call, and a require that fails two
/// internal calls deep. Compiled twice: without the optimizer (every internal call a JUMP marked
/// `i`, every return one marked `o`) and with it (the small helpers inlined).
contract Stepper {
    struct Point {
        uint256 x;
        uint256 y;
    }

    uint256 public total;
    address public owner;
    StepCounter public counter;
    uint256[] public history;

    constructor(StepCounter c) {
        counter = c;
        owner = msg.sender;
    }

    function run(uint256 n, address who) external returns (uint256 result) {
        uint256 acc = 0;
        for (uint256 i = 0; i < n; i++) {
            acc = addScaled(acc, i, 3);
        }
        Point memory p = makePoint(acc, n);
        result = settle(p, who);
    }

    function spin(uint256 n) external returns (uint256 acc) {
        for (uint256 i = 0; i < n; i++) {
            acc = addScaled(acc, i, 7);
        }
        total = acc;
    }

    function fail(uint256 amount) external {
        total = check(amount, owner);
    }

    function addScaled(uint256 a, uint256 b, uint256 k) internal pure returns (uint256) {
        return a + scale(b, k);
    }

    function scale(uint256 b, uint256 k) internal pure returns (uint256) {
        return b * k;
    }

    function makePoint(uint256 x, uint256 y) internal pure returns (Point memory) {
        return Point(x, y);
    }

    function settle(Point memory p, address who) internal returns (uint256) {
        total += p.x;
        history.push(p.y);
        uint256 hits = counter.bump(p.y);
        if (who == owner) {
            return total + hits;
        }
        return total;
    }

    function check(uint256 amount, address by) internal view returns (uint256) {
        bool trusted = by == owner;
        return limit(amount, trusted ? 100 : 10);
    }

    function limit(uint256 amount, uint256 cap) internal pure returns (uint256) {
        require(amount <= cap, "Stepper: over the cap");
        return amount;
    }
}
