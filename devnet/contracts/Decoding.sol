// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Contracts the app can decode only through the devnet's signature database and Sourcify
/// stand-ins (none of their signatures is in the app's built-in set):
/// - Vault: verified on Sourcify (full ABI with argument names).
/// - CounterV1 behind Proxy (EIP-1967): both verified; the proxy's own ABI has no `bump`.
/// - Router: not verified, its signatures only in the database.
/// - EpochRegistry: not verified; its selector 0x41973cd9 collides with
///   `f1121318093(bytes,bytes,uint64)` (the Poly Network pair), which the database also lists.
/// - Mystery: in neither service (the app can only guess its argument types).
/// Router calls the others with low-level calls spelled out by hand rather than through an
/// interface type: solc would compile such an interface into an artifact of its own, and the
/// database is filled from every artifact but Mystery.

contract Vault {
    mapping(address => uint256) public credited;
    uint256 public totalDeposited;

    event Deposited(address indexed beneficiary, uint256 amount, bytes32 memo);

    function depositFor(address beneficiary, uint256 amount, bytes32 memo) external returns (uint256 balance) {
        credited[beneficiary] += amount;
        totalDeposited += amount;
        emit Deposited(beneficiary, amount, memo);
        return credited[beneficiary];
    }
}

/// The implementation behind Proxy. Its storage lives in the proxy.
contract CounterV1 {
    uint256 public total;

    event Bumped(address indexed by, uint256 amount, uint256 total);

    function bump(uint256 by) external returns (uint256) {
        total += by;
        emit Bumped(msg.sender, by, total);
        return total;
    }
}

/// An EIP-1967 proxy: the implementation at the standard slot, every call delegated to it.
contract Proxy {
    /// bytes32(uint256(keccak256("eip1967.proxy.implementation")) - 1)
    bytes32 internal constant IMPLEMENTATION_SLOT =
        0x360894a13ba1a3210667c828492db98dca3e2076cc3735a920a3ca505d382bbc;

    constructor(address implementation) {
        assembly {
            sstore(IMPLEMENTATION_SLOT, implementation)
        }
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

/// Known to nobody: no database entry, not verified.
contract Mystery {
    uint256 public lastNonce;

    event Frobbed(uint256 indexed nonce, address who, uint256 size);

    function zq7Frobnicate(uint256 nonce, address who, bytes calldata blob) external returns (bytes32) {
        lastNonce = nonce;
        emit Frobbed(nonce, who, blob.length);
        return keccak256(blob);
    }
}

/// Implements the real one of a colliding pair: putCurEpochConPubKeyBytes(bytes) = 0x41973cd9 =
/// f1121318093(bytes,bytes,uint64).
contract EpochRegistry {
    bytes public curEpochConPubKeyBytes;

    event EpochKeysPut(address indexed by, bytes32 digest, uint256 size);

    function putCurEpochConPubKeyBytes(bytes calldata keys) external returns (bool) {
        curEpochConPubKeyBytes = keys;
        emit EpochKeysPut(msg.sender, keccak256(keys), keys.length);
        return true;
    }
}

/// Fans one call out to all of the above, so one trace exercises every decoding path.
contract Router {
    address public immutable vault;
    address public immutable counter;
    address public immutable mystery;
    address public immutable registry;

    event Routed(address indexed caller, address indexed beneficiary, uint256 amount, uint256 steps);

    constructor(address vault_, address counter_, address mystery_, address registry_) {
        vault = vault_;
        counter = counter_;
        mystery = mystery_;
        registry = registry_;
    }

    function routeAll(address beneficiary, uint256 amount, bytes32 memo, bytes calldata keys)
        external
        returns (uint256 steps)
    {
        forward(vault, abi.encodeWithSignature("depositFor(address,uint256,bytes32)", beneficiary, amount, memo));
        forward(counter, abi.encodeWithSignature("bump(uint256)", amount % 1000));
        forward(
            mystery,
            abi.encodeWithSignature("zq7Frobnicate(uint256,address,bytes)", amount, beneficiary, abi.encodePacked(memo))
        );
        forward(registry, abi.encodeWithSignature("putCurEpochConPubKeyBytes(bytes)", keys));
        steps = 4;
        emit Routed(msg.sender, beneficiary, amount, steps);
    }

    function forward(address to, bytes memory data) private {
        (bool ok, bytes memory reason) = to.call(data);
        if (!ok) {
            assembly {
                revert(add(reason, 32), mload(reason))
            }
        }
    }
}
