// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

import "./LedgerChecker.sol";

/// The storage scenario: a ledger whose layout has packed variables, a struct, mappings (nested,
/// of structs, by bytes32 and by string), a dynamic array, a short string and an enum, used
/// behind an EIP-1967 proxy (LedgerProxy). `settle` changes one of each and asks the checker for
/// an amount over its cap inside try/catch, so the transaction succeeds around a failed call.
contract LedgerV1 {
    enum Mode {
        Idle,
        Open,
        Closed
    }

    struct Terms {
        uint128 limit;
        uint64 until;
        bool open;
        address keeper;
    }

    address public owner;
    uint64 public serial;
    uint32 public epoch;
    Terms public terms;
    mapping(address => uint256) public credit;
    mapping(address => mapping(address => uint256)) public grants;
    uint256[] public marks;
    string public note;
    mapping(bytes32 => Mode) public modes;
    mapping(uint256 => Terms) public plans;
    int64 public drift;
    bool public settled;
    LedgerChecker public checker;
    uint256 public rejected;
    mapping(string => uint256) public tagged;

    /// bytes32(uint256(keccak256("eip1967.proxy.admin")) - 1)
    bytes32 internal constant ADMIN_SLOT =
        0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103;

    event Settled(address indexed to, uint256 amount, uint64 serial);

    function initialize(address owner_, LedgerChecker checker_) external {
        require(owner == address(0), "LedgerV1: already initialized");
        owner = owner_;
        checker = checker_;
        serial = 1;
        marks.push(10);
        marks.push(20);
    }

    function settle(
        address to,
        address spender,
        uint256 amount,
        uint256 asked,
        bytes32 tag,
        address newAdmin
    ) external returns (uint64) {
        serial += 1;
        epoch += 3;
        terms.limit = uint128(amount * 2);
        terms.until = 1_900_000_000;
        terms.open = true;
        terms.keeper = to;
        credit[to] += amount;
        grants[msg.sender][spender] = amount / 2;
        marks.push(amount);
        note = "settled";
        modes[tag] = Mode.Open;
        plans[serial].limit = uint128(amount);
        plans[serial].keeper = spender;
        drift = -5;
        settled = true;
        tagged["rent"] = amount;
        try checker.check(asked) returns (uint256) {} catch {
            rejected += 1;
        }
        assembly {
            sstore(ADMIN_SLOT, newAdmin)
        }
        emit Settled(to, amount, serial);
        return serial;
    }
}

/// An EIP-1967 proxy in front of LedgerV1: implementation and admin at the standard slots, the
/// initialisation call run through the implementation, every other call delegated to it.
contract LedgerProxy {
    bytes32 internal constant IMPLEMENTATION_SLOT =
        0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;
    bytes32 internal constant ADMIN_SLOT =
        0xb53127684a568b3173ae13b9f8a6016e243e63b6e8ee1178d6a717850b5d6103;

    constructor(address implementation, bytes memory init) {
        assembly {
            sstore(IMPLEMENTATION_SLOT, implementation)
            sstore(ADMIN_SLOT, caller())
        }
        (bool ok, ) = implementation.delegatecall(init);
        require(ok, "LedgerProxy: initialization failed");
    }

    fallback() external payable {
        assembly {
            let implementation := sload(IMPLEMENTATION_SLOT)
            calldatacopy(0, 0, calldatasize())
            let ok := delegatecall(gas(), implementation, 0, calldatasize(), 0, 0)
            returndatacopy(0, 0, returndatasize())
            switch ok
            case 0 {
                revert(0, returndatasize())
            }
            default {
                return(0, returndatasize())
            }
        }
    }
}
