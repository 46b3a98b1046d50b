// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// The Variables panel's scenario (devnet/variables.mjs): a memory struct holding a string, a
/// calldata array handed to an internal call with a named return value, locals assigned step by
/// step, an internal call returning a memory string, a storage struct reached through a mapping,
/// and a require that fails after them. Compiled without the optimizer (with Stepper).
contract Orders {
    struct Order {
        uint256 id;
        string note;
        uint256 total;
    }

    uint256 public placed;
    mapping(address => Order) public last;

    function place(
        uint256 id,
        string calldata note,
        uint256[] calldata amounts
    ) external returns (uint256 total) {
        Order memory order = Order(id, note, 0);
        string memory label = describe(order);
        total = sum(amounts);
        order.total = total;
        Order storage saved = last[msg.sender];
        saved.id = id;
        saved.note = label;
        saved.total = total;
        placed += 1;
        require(order.total < 100, "Orders: total too large");
    }

    function describe(Order memory o) internal pure returns (string memory text) {
        text = o.note;
    }

    function sum(uint256[] calldata xs) internal pure returns (uint256 acc) {
        for (uint256 i = 0; i < xs.length; i++) {
            uint256 x = xs[i];
            acc += x;
        }
    }
}
