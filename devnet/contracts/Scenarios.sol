// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// A callee for every frame type: value calls with events, views, storage writes (for DELEGATECALL
/// and CALLCODE), reverts, an endless loop and a self-destruct.
contract Child {
    uint256 public x; // slot 0: the same slot as Scenarios.x, so delegatecall/callcode write the caller's x

    event Pinged(address indexed sender, uint256 value, uint256 x);
    event Created(address indexed by, uint256 value);

    constructor() payable {
        emit Created(msg.sender, msg.value);
    }

    function ping() external payable returns (uint256) {
        x += 1;
        emit Pinged(msg.sender, msg.value, x);
        return x;
    }

    function peek() external view returns (uint256) {
        return x;
    }

    function setX(uint256 v) external payable returns (uint256) {
        x = v;
        emit Pinged(msg.sender, 0, v);
        return v;
    }

    function check(uint256 v) external pure returns (uint256) {
        require(v < 100, "Child: amount exceeds limit");
        return v;
    }

    /// Never returns: runs until its gas is gone.
    function burn() external {
        uint256 i = x;
        while (true) {
            unchecked {
                i++;
            }
            x = i;
        }
    }

    function destroy(address payable to) external {
        assembly {
            selfdestruct(to)
        }
    }

    receive() external payable {}
}

contract Scenarios {
    uint256 public x; // slot 0, see Child
    Child public child;
    uint256 public created;

    string public constant XSS_IMG = '<img src=x onerror="window.__xss=1">';
    string public constant XSS_SCRIPT = "<script>window.__xss=1</script>";

    event Step(string name, uint256 value);
    event Caught(string reason);
    event Message(string text);

    constructor() payable {
        child = new Child();
    }

    /// One transaction holding CALL (with value), STATICCALL, DELEGATECALL, CALLCODE, CREATE,
    /// CREATE2 and SELFDESTRUCT frames, with events in inner frames.
    function nested() external payable {
        emit Step("start", msg.value);
        child.ping{value: 1000}();
        uint256 v = child.peek();
        (bool ok, ) = address(child).delegatecall(abi.encodeCall(Child.setX, (v + 10)));
        require(ok, "delegatecall failed");
        bytes memory data = abi.encodeCall(Child.setX, (v + 20));
        address target = address(child);
        assembly {
            ok := callcode(gas(), target, 0, add(data, 32), mload(data), 0, 0)
        }
        require(ok, "callcode failed");
        Child a = new Child{value: 500}();
        created += 1;
        Child b = new Child{salt: bytes32(created)}();
        a.ping();
        b.destroy(payable(msg.sender));
        emit Step("end", x);
    }

    /// Succeeds, though an inner call reverts with Error(string) (caught).
    function innerRevert() external {
        emit Step("before", 1);
        child.check(7);
        try child.check(1000) returns (uint256) {
            emit Step("unexpected", 0);
        } catch Error(string memory reason) {
            emit Caught(reason);
        }
        emit Step("after", 2);
    }

    /// Succeeds, though an inner call runs out of gas (caught).
    function innerOutOfGas() external {
        emit Step("before", 1);
        try child.burn{gas: 60000}() {
            emit Step("unexpected", 0);
        } catch {
            emit Caught("out of gas");
        }
        emit Step("after", 2);
    }

    /// Panics with 0x12 (division by zero) when b == 0.
    function divide(uint256 a, uint256 b) external pure returns (uint256) {
        return a / b;
    }

    /// Panics with 0x11 (arithmetic overflow).
    function overflow(uint256 a) external pure returns (uint256) {
        return a + type(uint256).max;
    }

    /// `calls` frames under the top one: STATICCALLs, a CALL with an event every 10th, and a nested
    /// chain of `depth` self-calls every 50th.
    function fanOut(uint256 calls, uint256 depth) external returns (uint256 total) {
        for (uint256 i = 0; i < calls; i++) {
            if (i % 50 == 0) total += this.nest(depth);
            else if (i % 10 == 0) total += child.ping();
            else total += child.peek();
        }
    }

    function nest(uint256 depth) external view returns (uint256) {
        if (depth == 0) return child.peek();
        return this.nest(depth - 1) + 1;
    }

    /// Events whose string arguments are HTML/script payloads, and an inner revert carrying one.
    function xss() external {
        emit Message(XSS_IMG);
        emit Message(XSS_SCRIPT);
        try this.xssRevert() {} catch Error(string memory reason) {
            emit Caught(reason);
        }
    }

    /// Always reverts with a script payload as its Error(string) reason.
    function xssRevert() external pure {
        revert(XSS_SCRIPT);
    }

    receive() external payable {}
}
