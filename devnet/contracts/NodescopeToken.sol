// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// @title An ERC-20-style token for the Nodescope devnet (Transfer/Approval events, batch transfers).
contract NodescopeToken {
    string public constant name = "Nodescope Token";
    string public constant symbol = "NST";
    uint8 public constant decimals = 18;
    uint256 public totalSupply;
    mapping(address => uint256) public balanceOf;
    mapping(address => mapping(address => uint256)) public allowance;

    event Transfer(address indexed from, address indexed to, uint256 value);
    event Approval(address indexed owner, address indexed spender, uint256 value);

    error InsufficientBalance(uint256 available, uint256 required);
    error InsufficientAllowance(uint256 available, uint256 required);
    error LengthMismatch(uint256 recipients, uint256 amounts);

    constructor(uint256 supply) {
        totalSupply = supply;
        balanceOf[msg.sender] = supply;
        emit Transfer(address(0), msg.sender, supply);
    }

    function transfer(address to, uint256 amount) external returns (bool) {
        _transfer(msg.sender, to, amount);
        return true;
    }

    function approve(address spender, uint256 amount) external returns (bool) {
        allowance[msg.sender][spender] = amount;
        emit Approval(msg.sender, spender, amount);
        return true;
    }

    function transferFrom(address from, address to, uint256 amount) external returns (bool) {
        uint256 allowed = allowance[from][msg.sender];
        if (allowed < amount) revert InsufficientAllowance(allowed, amount);
        if (allowed != type(uint256).max) allowance[from][msg.sender] = allowed - amount;
        _transfer(from, to, amount);
        return true;
    }

    /// Many transfers (and Transfer events) in one transaction.
    function batchTransfer(address[] calldata to, uint256[] calldata amount) external returns (bool) {
        if (to.length != amount.length) revert LengthMismatch(to.length, amount.length);
        for (uint256 i = 0; i < to.length; i++) _transfer(msg.sender, to[i], amount[i]);
        return true;
    }

    function _transfer(address from, address to, uint256 amount) internal {
        uint256 available = balanceOf[from];
        if (available < amount) revert InsufficientBalance(available, amount);
        unchecked {
            balanceOf[from] = available - amount;
        }
        balanceOf[to] += amount;
        emit Transfer(from, to, amount);
    }
}
