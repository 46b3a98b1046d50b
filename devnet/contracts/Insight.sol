// SPDX-License-Identifier: MIT
pragma solidity ^0.8.20;

/// Minimal token contracts and one transaction that moves every kind of asset, for the trace's
/// balance-change, token-flow, state-change and gas views.

interface IERC20Like {
    function transfer(address to, uint256 amount) external returns (bool);
}

/// WETH9-style wrapped ether: Deposit/Withdrawal/Transfer.
contract MiniWETH {
    string public constant name = "Wrapped Ether";
    string public constant symbol = "WETH";
    uint8 public constant decimals = 18;
    mapping(address => uint256) public balanceOf;

    event Deposit(address indexed dst, uint256 wad);
    event Withdrawal(address indexed src, uint256 wad);
    event Transfer(address indexed src, address indexed dst, uint256 wad);

    function deposit() public payable {
        balanceOf[msg.sender] += msg.value;
        emit Deposit(msg.sender, msg.value);
    }

    function withdraw(uint256 wad) external {
        require(balanceOf[msg.sender] >= wad, "WETH: balance");
        balanceOf[msg.sender] -= wad;
        emit Withdrawal(msg.sender, wad);
        (bool ok, ) = msg.sender.call{value: wad}("");
        require(ok, "WETH: send");
    }

    function transfer(address dst, uint256 wad) external returns (bool) {
        require(balanceOf[msg.sender] >= wad, "WETH: balance");
        balanceOf[msg.sender] -= wad;
        balanceOf[dst] += wad;
        emit Transfer(msg.sender, dst, wad);
        return true;
    }

    receive() external payable {
        deposit();
    }
}

/// An ERC-721 subset: mint, transferFrom, ownerOf.
contract MiniNFT {
    string public constant name = "Nodescope Glyphs";
    string public constant symbol = "GLYPH";
    mapping(uint256 => address) public ownerOf;
    mapping(address => uint256) public balanceOf;

    event Transfer(address indexed from, address indexed to, uint256 indexed tokenId);

    function mint(address to, uint256 id) external {
        require(ownerOf[id] == address(0), "NFT: minted");
        ownerOf[id] = to;
        balanceOf[to] += 1;
        emit Transfer(address(0), to, id);
    }

    function transferFrom(address from, address to, uint256 id) external {
        require(ownerOf[id] == from && msg.sender == from, "NFT: not owner");
        ownerOf[id] = to;
        balanceOf[from] -= 1;
        balanceOf[to] += 1;
        emit Transfer(from, to, id);
    }

    function burn(uint256 id) external {
        require(ownerOf[id] == msg.sender, "NFT: not owner");
        delete ownerOf[id];
        balanceOf[msg.sender] -= 1;
        emit Transfer(msg.sender, address(0), id);
    }
}

/// An ERC-1155 subset: mint, single and batch transfers (no receiver hooks).
contract MiniMulti {
    mapping(uint256 => mapping(address => uint256)) public balanceOf;

    event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value);
    event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values);

    function mint(address to, uint256 id, uint256 amount) external {
        balanceOf[id][to] += amount;
        emit TransferSingle(msg.sender, address(0), to, id, amount);
    }

    function safeTransferFrom(address from, address to, uint256 id, uint256 amount, bytes calldata) external {
        require(msg.sender == from, "1155: not owner");
        balanceOf[id][from] -= amount;
        balanceOf[id][to] += amount;
        emit TransferSingle(msg.sender, from, to, id, amount);
    }

    function safeBatchTransferFrom(
        address from,
        address to,
        uint256[] calldata ids,
        uint256[] calldata amounts,
        bytes calldata
    ) external {
        require(msg.sender == from && ids.length == amounts.length, "1155: bad batch");
        for (uint256 i = 0; i < ids.length; i++) {
            balanceOf[ids[i]][from] -= amounts[i];
            balanceOf[ids[i]][to] += amounts[i];
        }
        emit TransferBatch(msg.sender, from, to, ids, amounts);
    }
}

/// Created with value inside the insight transaction and destroyed in it, sending its ether on.
contract Piggy {
    constructor() payable {}

    function smash(address payable to) external {
        selfdestruct(to);
    }
}

contract Insight {
    IERC20Like public immutable token;
    MiniWETH public immutable weth;
    MiniNFT public immutable nft;
    MiniMulti public immutable multi;

    uint256 public runs;
    uint256 public total;
    address public lastCaller;
    uint256 public scratch = 7;

    event Ran(address indexed caller, uint256 run);

    constructor(IERC20Like token_, MiniWETH weth_, MiniNFT nft_, MiniMulti multi_) payable {
        token = token_;
        weth = weth_;
        nft = nft_;
        multi = multi_;
    }

    /// Moves native value, ERC-20, WETH, ERC-721 and ERC-1155 to `to[0..2]`, runs a branch that
    /// transfers and then reverts (caught), and writes, sets from zero and clears storage.
    function run(address payable[3] calldata to, uint256 nftId) external payable {
        // native value to several accounts, and a contract created with value then destroyed
        to[0].transfer(1 ether);
        (bool sent, ) = to[1].call{value: 0.5 ether}("");
        require(sent, "send");
        Piggy piggy = new Piggy{value: 0.1 ether}();
        piggy.smash(to[2]);

        // ERC-20 out of this contract's balance
        token.transfer(to[0], 7 ether);

        // WETH: wrap 2, send 1 on, unwrap 0.5
        weth.deposit{value: 2 ether}();
        weth.transfer(to[1], 1 ether);
        weth.withdraw(0.5 ether);

        // ERC-721: mint to this contract, pass it on; mint one more and burn it
        nft.mint(address(this), nftId);
        nft.transferFrom(address(this), to[2], nftId);
        nft.mint(address(this), nftId + 1);
        nft.burn(nftId + 1);

        // ERC-1155: mint two ids, send some singly and some in a batch
        multi.mint(address(this), 1, 100);
        multi.mint(address(this), 2, 5);
        multi.safeTransferFrom(address(this), to[0], 1, 30, "");
        uint256[] memory ids = new uint256[](2);
        uint256[] memory amounts = new uint256[](2);
        ids[0] = 1;
        ids[1] = 2;
        amounts[0] = 10;
        amounts[1] = 5;
        multi.safeBatchTransferFrom(address(this), to[1], ids, amounts, "");

        // a branch that moves ether and tokens, then reverts: none of it happened
        try this.moveThenRevert(to[2]) {} catch {}

        // storage: increment, set from zero (first run), clear
        runs += 1;
        total += msg.value;
        lastCaller = msg.sender;
        scratch = 0;
        emit Ran(msg.sender, runs);
    }

    function moveThenRevert(address payable to) external {
        require(msg.sender == address(this), "self only");
        to.transfer(0.25 ether);
        token.transfer(to, 1 ether);
        revert("Insight: undone");
    }

    receive() external payable {}
}
