import { parseAbi, type Abi } from "viem";

/**
 * The built-in signature set: what the dashboard can decode with no ABI pasted. Human-readable
 * ABI strings, grouped by where they come from; parsed once, on first use.
 *
 * Some selectors are shared on purpose (ERC-20 and ERC-721 `Transfer`/`Approval` events have the
 * same topic0 and differ only in how many params are indexed; `transferFrom`, `approve`,
 * `balanceOf`, `setApprovalForAll` are shared by several token standards). The registry keeps
 * every candidate and the decoder picks the one that fits the data.
 */
export interface SignatureGroup {
  /** Where the signatures come from, e.g. "ERC-20", "Uniswap V3 pool". */
  source: string;
  signatures: readonly string[];
}

export const BUILTIN_SIGNATURES: readonly SignatureGroup[] = [
  {
    source: "ERC-20",
    signatures: [
      "function transfer(address to, uint256 amount) returns (bool)",
      "function approve(address spender, uint256 amount) returns (bool)",
      "function transferFrom(address from, address to, uint256 amount) returns (bool)",
      "function balanceOf(address account) view returns (uint256)",
      "function allowance(address owner, address spender) view returns (uint256)",
      "function totalSupply() view returns (uint256)",
      "function decimals() view returns (uint8)",
      "function symbol() view returns (string)",
      "function name() view returns (string)",
      "function increaseAllowance(address spender, uint256 addedValue) returns (bool)",
      "function decreaseAllowance(address spender, uint256 subtractedValue) returns (bool)",
      "function mint(address to, uint256 amount)",
      "function burn(uint256 amount)",
      "function burnFrom(address account, uint256 amount)",
      "event Transfer(address indexed from, address indexed to, uint256 value)",
      "event Approval(address indexed owner, address indexed spender, uint256 value)",
    ],
  },
  {
    source: "ERC-2612 permit",
    signatures: [
      "function permit(address owner, address spender, uint256 value, uint256 deadline, uint8 v, bytes32 r, bytes32 s)",
      "function nonces(address owner) view returns (uint256)",
      "function DOMAIN_SEPARATOR() view returns (bytes32)",
    ],
  },
  {
    source: "ERC-721",
    signatures: [
      "function ownerOf(uint256 tokenId) view returns (address)",
      "function safeTransferFrom(address from, address to, uint256 tokenId)",
      "function safeTransferFrom(address from, address to, uint256 tokenId, bytes data)",
      "function getApproved(uint256 tokenId) view returns (address)",
      "function setApprovalForAll(address operator, bool approved)",
      "function isApprovedForAll(address owner, address operator) view returns (bool)",
      "function tokenURI(uint256 tokenId) view returns (string)",
      "function transferFrom(address from, address to, uint256 tokenId)",
      "function approve(address to, uint256 tokenId)",
      "event Transfer(address indexed from, address indexed to, uint256 indexed tokenId)",
      "event Approval(address indexed owner, address indexed approved, uint256 indexed tokenId)",
      "event ApprovalForAll(address indexed owner, address indexed operator, bool approved)",
      "event MetadataUpdate(uint256 tokenId)",
      "event BatchMetadataUpdate(uint256 fromTokenId, uint256 toTokenId)",
    ],
  },
  {
    source: "ERC-165",
    signatures: ["function supportsInterface(bytes4 interfaceId) view returns (bool)"],
  },
  {
    source: "ERC-1155",
    signatures: [
      "function safeTransferFrom(address from, address to, uint256 id, uint256 value, bytes data)",
      "function safeBatchTransferFrom(address from, address to, uint256[] ids, uint256[] values, bytes data)",
      "function balanceOf(address account, uint256 id) view returns (uint256)",
      "function balanceOfBatch(address[] accounts, uint256[] ids) view returns (uint256[])",
      "function uri(uint256 id) view returns (string)",
      "event TransferSingle(address indexed operator, address indexed from, address indexed to, uint256 id, uint256 value)",
      "event TransferBatch(address indexed operator, address indexed from, address indexed to, uint256[] ids, uint256[] values)",
      "event URI(string value, uint256 indexed id)",
    ],
  },
  {
    source: "ERC-4626",
    signatures: [
      "function asset() view returns (address)",
      "function totalAssets() view returns (uint256)",
      "function convertToShares(uint256 assets) view returns (uint256)",
      "function convertToAssets(uint256 shares) view returns (uint256)",
      "function maxDeposit(address receiver) view returns (uint256)",
      "function previewDeposit(uint256 assets) view returns (uint256)",
      "function deposit(uint256 assets, address receiver) returns (uint256 shares)",
      "function maxMint(address receiver) view returns (uint256)",
      "function previewMint(uint256 shares) view returns (uint256)",
      "function mint(uint256 shares, address receiver) returns (uint256 assets)",
      "function maxWithdraw(address owner) view returns (uint256)",
      "function previewWithdraw(uint256 assets) view returns (uint256)",
      "function withdraw(uint256 assets, address receiver, address owner) returns (uint256 shares)",
      "function maxRedeem(address owner) view returns (uint256)",
      "function previewRedeem(uint256 shares) view returns (uint256)",
      "function redeem(uint256 shares, address receiver, address owner) returns (uint256 assets)",
      "event Deposit(address indexed sender, address indexed owner, uint256 assets, uint256 shares)",
      "event Withdraw(address indexed sender, address indexed receiver, address indexed owner, uint256 assets, uint256 shares)",
    ],
  },
  {
    source: "WETH",
    signatures: [
      "function deposit() payable",
      "function withdraw(uint256 wad)",
      "event Deposit(address indexed dst, uint256 wad)",
      "event Withdrawal(address indexed src, uint256 wad)",
    ],
  },
  {
    source: "Uniswap V2 router",
    signatures: [
      "function swapExactTokensForTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)",
      "function swapTokensForExactTokens(uint256 amountOut, uint256 amountInMax, address[] path, address to, uint256 deadline) returns (uint256[] amounts)",
      "function swapExactETHForTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)",
      "function swapTokensForExactETH(uint256 amountOut, uint256 amountInMax, address[] path, address to, uint256 deadline) returns (uint256[] amounts)",
      "function swapExactTokensForETH(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline) returns (uint256[] amounts)",
      "function swapETHForExactTokens(uint256 amountOut, address[] path, address to, uint256 deadline) payable returns (uint256[] amounts)",
      "function swapExactTokensForTokensSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)",
      "function swapExactETHForTokensSupportingFeeOnTransferTokens(uint256 amountOutMin, address[] path, address to, uint256 deadline) payable",
      "function swapExactTokensForETHSupportingFeeOnTransferTokens(uint256 amountIn, uint256 amountOutMin, address[] path, address to, uint256 deadline)",
      "function addLiquidity(address tokenA, address tokenB, uint256 amountADesired, uint256 amountBDesired, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB, uint256 liquidity)",
      "function addLiquidityETH(address token, uint256 amountTokenDesired, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) payable returns (uint256 amountToken, uint256 amountETH, uint256 liquidity)",
      "function removeLiquidity(address tokenA, address tokenB, uint256 liquidity, uint256 amountAMin, uint256 amountBMin, address to, uint256 deadline) returns (uint256 amountA, uint256 amountB)",
      "function removeLiquidityETH(address token, uint256 liquidity, uint256 amountTokenMin, uint256 amountETHMin, address to, uint256 deadline) returns (uint256 amountToken, uint256 amountETH)",
      "function getAmountsOut(uint256 amountIn, address[] path) view returns (uint256[] amounts)",
      "function getAmountsIn(uint256 amountOut, address[] path) view returns (uint256[] amounts)",
    ],
  },
  {
    source: "Uniswap V2 pair/factory",
    signatures: [
      "function swap(uint256 amount0Out, uint256 amount1Out, address to, bytes data)",
      "function sync()",
      "function skim(address to)",
      "function mint(address to) returns (uint256 liquidity)",
      "function burn(address to) returns (uint256 amount0, uint256 amount1)",
      "function getReserves() view returns (uint112 reserve0, uint112 reserve1, uint32 blockTimestampLast)",
      "function token0() view returns (address)",
      "function token1() view returns (address)",
      "function factory() view returns (address)",
      "function createPair(address tokenA, address tokenB) returns (address pair)",
      "function getPair(address tokenA, address tokenB) view returns (address pair)",
      "event Swap(address indexed sender, uint256 amount0In, uint256 amount1In, uint256 amount0Out, uint256 amount1Out, address indexed to)",
      "event Sync(uint112 reserve0, uint112 reserve1)",
      "event Mint(address indexed sender, uint256 amount0, uint256 amount1)",
      "event Burn(address indexed sender, uint256 amount0, uint256 amount1, address indexed to)",
      "event PairCreated(address indexed token0, address indexed token1, address pair, uint256 allPairsLength)",
    ],
  },
  {
    source: "Uniswap V3 pool/factory",
    signatures: [
      "function initialize(uint160 sqrtPriceX96)",
      "function swap(address recipient, bool zeroForOne, int256 amountSpecified, uint160 sqrtPriceLimitX96, bytes data) returns (int256 amount0, int256 amount1)",
      "function mint(address recipient, int24 tickLower, int24 tickUpper, uint128 amount, bytes data) returns (uint256 amount0, uint256 amount1)",
      "function burn(int24 tickLower, int24 tickUpper, uint128 amount) returns (uint256 amount0, uint256 amount1)",
      "function collect(address recipient, int24 tickLower, int24 tickUpper, uint128 amount0Requested, uint128 amount1Requested) returns (uint128 amount0, uint128 amount1)",
      "function flash(address recipient, uint256 amount0, uint256 amount1, bytes data)",
      "function slot0() view returns (uint160 sqrtPriceX96, int24 tick, uint16 observationIndex, uint16 observationCardinality, uint16 observationCardinalityNext, uint8 feeProtocol, bool unlocked)",
      "function liquidity() view returns (uint128)",
      "function fee() view returns (uint24)",
      "function createPool(address tokenA, address tokenB, uint24 fee) returns (address pool)",
      "function getPool(address tokenA, address tokenB, uint24 fee) view returns (address pool)",
      "event Initialize(uint160 sqrtPriceX96, int24 tick)",
      "event Swap(address indexed sender, address indexed recipient, int256 amount0, int256 amount1, uint160 sqrtPriceX96, uint128 liquidity, int24 tick)",
      "event Mint(address sender, address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)",
      "event Burn(address indexed owner, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount, uint256 amount0, uint256 amount1)",
      "event Collect(address indexed owner, address recipient, int24 indexed tickLower, int24 indexed tickUpper, uint128 amount0, uint128 amount1)",
      "event Flash(address indexed sender, address indexed recipient, uint256 amount0, uint256 amount1, uint256 paid0, uint256 paid1)",
      "event PoolCreated(address indexed token0, address indexed token1, uint24 indexed fee, int24 tickSpacing, address pool)",
    ],
  },
  {
    source: "Uniswap V3 routers",
    signatures: [
      "function exactInputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 deadline, uint256 amountIn, uint256 amountOutMinimum, uint160 sqrtPriceLimitX96) params) payable returns (uint256 amountOut)",
      "function exactInput((bytes path, address recipient, uint256 deadline, uint256 amountIn, uint256 amountOutMinimum) params) payable returns (uint256 amountOut)",
      "function exactOutputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 deadline, uint256 amountOut, uint256 amountInMaximum, uint160 sqrtPriceLimitX96) params) payable returns (uint256 amountIn)",
      "function exactOutput((bytes path, address recipient, uint256 deadline, uint256 amountOut, uint256 amountInMaximum) params) payable returns (uint256 amountIn)",
      "function exactInputSingle((address tokenIn, address tokenOut, uint24 fee, address recipient, uint256 amountIn, uint256 amountOutMinimum, uint160 sqrtPriceLimitX96) params) payable returns (uint256 amountOut)",
      "function exactInput((bytes path, address recipient, uint256 amountIn, uint256 amountOutMinimum) params) payable returns (uint256 amountOut)",
      "function unwrapWETH9(uint256 amountMinimum, address recipient) payable",
      "function refundETH() payable",
      "function sweepToken(address token, uint256 amountMinimum, address recipient) payable",
      "function execute(bytes commands, bytes[] inputs, uint256 deadline) payable",
      "function execute(bytes commands, bytes[] inputs) payable",
    ],
  },
  {
    source: "Multicall",
    signatures: [
      "function multicall(bytes[] data) payable returns (bytes[] results)",
      "function multicall(uint256 deadline, bytes[] data) payable returns (bytes[] results)",
      "function multicall(bytes32 previousBlockhash, bytes[] data) payable returns (bytes[] results)",
      "function aggregate((address target, bytes callData)[] calls) payable returns (uint256 blockNumber, bytes[] returnData)",
      "function tryAggregate(bool requireSuccess, (address target, bytes callData)[] calls) payable returns ((bool success, bytes returnData)[] returnData)",
      "function aggregate3((address target, bool allowFailure, bytes callData)[] calls) payable returns ((bool success, bytes returnData)[] returnData)",
      "function aggregate3Value((address target, bool allowFailure, uint256 value, bytes callData)[] calls) payable returns ((bool success, bytes returnData)[] returnData)",
    ],
  },
  {
    source: "Ownable",
    signatures: [
      "function owner() view returns (address)",
      "function transferOwnership(address newOwner)",
      "function renounceOwnership()",
      "function pendingOwner() view returns (address)",
      "function acceptOwnership()",
      "event OwnershipTransferred(address indexed previousOwner, address indexed newOwner)",
      "event OwnershipTransferStarted(address indexed previousOwner, address indexed newOwner)",
      "error OwnableUnauthorizedAccount(address account)",
      "error OwnableInvalidOwner(address owner)",
    ],
  },
  {
    source: "AccessControl",
    signatures: [
      "function hasRole(bytes32 role, address account) view returns (bool)",
      "function getRoleAdmin(bytes32 role) view returns (bytes32)",
      "function grantRole(bytes32 role, address account)",
      "function revokeRole(bytes32 role, address account)",
      "function renounceRole(bytes32 role, address callerConfirmation)",
      "event RoleGranted(bytes32 indexed role, address indexed account, address indexed sender)",
      "event RoleRevoked(bytes32 indexed role, address indexed account, address indexed sender)",
      "event RoleAdminChanged(bytes32 indexed role, bytes32 indexed previousAdminRole, bytes32 indexed newAdminRole)",
      "error AccessControlUnauthorizedAccount(address account, bytes32 neededRole)",
      "error AccessControlBadConfirmation()",
    ],
  },
  {
    source: "Proxies (ERC-1967, UUPS, transparent, beacon)",
    signatures: [
      "function upgradeTo(address newImplementation)",
      "function upgradeToAndCall(address newImplementation, bytes data) payable",
      "function changeAdmin(address newAdmin)",
      "function admin() view returns (address)",
      "function implementation() view returns (address)",
      "function proxiableUUID() view returns (bytes32)",
      "function upgradeAndCall(address proxy, address implementation, bytes data) payable",
      "event Upgraded(address indexed implementation)",
      "event AdminChanged(address previousAdmin, address newAdmin)",
      "event BeaconUpgraded(address indexed beacon)",
      "error ERC1967InvalidImplementation(address implementation)",
      "error ERC1967InvalidAdmin(address admin)",
      "error ERC1967InvalidBeacon(address beacon)",
      "error ERC1967NonPayable()",
      "error UUPSUnauthorizedCallContext()",
      "error UUPSUnsupportedProxiableUUID(bytes32 slot)",
    ],
  },
  {
    source: "Initializable",
    signatures: [
      "event Initialized(uint8 version)",
      "event Initialized(uint64 version)",
      "error InvalidInitialization()",
      "error NotInitializing()",
    ],
  },
  {
    source: "Pausable",
    signatures: [
      "function pause()",
      "function unpause()",
      "function paused() view returns (bool)",
      "event Paused(address account)",
      "event Unpaused(address account)",
      "error EnforcedPause()",
      "error ExpectedPause()",
    ],
  },
  {
    source: "Safe (Gnosis Safe)",
    signatures: [
      "function execTransaction(address to, uint256 value, bytes data, uint8 operation, uint256 safeTxGas, uint256 baseGas, uint256 gasPrice, address gasToken, address refundReceiver, bytes signatures) payable returns (bool success)",
      "event ExecutionSuccess(bytes32 txHash, uint256 payment)",
      "event ExecutionFailure(bytes32 txHash, uint256 payment)",
    ],
  },
  {
    source: "OpenZeppelin custom errors",
    signatures: [
      "error ERC20InsufficientBalance(address sender, uint256 balance, uint256 needed)",
      "error ERC20InvalidSender(address sender)",
      "error ERC20InvalidReceiver(address receiver)",
      "error ERC20InsufficientAllowance(address spender, uint256 allowance, uint256 needed)",
      "error ERC20InvalidApprover(address approver)",
      "error ERC20InvalidSpender(address spender)",
      "error ERC721InvalidOwner(address owner)",
      "error ERC721NonexistentToken(uint256 tokenId)",
      "error ERC721IncorrectOwner(address sender, uint256 tokenId, address owner)",
      "error ERC721InvalidSender(address sender)",
      "error ERC721InvalidReceiver(address receiver)",
      "error ERC721InsufficientApproval(address operator, uint256 tokenId)",
      "error ERC721InvalidApprover(address approver)",
      "error ERC721InvalidOperator(address operator)",
      "error ERC1155InsufficientBalance(address sender, uint256 balance, uint256 needed, uint256 tokenId)",
      "error ERC1155InvalidSender(address sender)",
      "error ERC1155InvalidReceiver(address receiver)",
      "error ERC1155MissingApprovalForAll(address operator, address owner)",
      "error ERC1155InvalidApprover(address approver)",
      "error ERC1155InvalidOperator(address operator)",
      "error ERC1155InvalidArrayLength(uint256 idsLength, uint256 valuesLength)",
      "error ERC2612ExpiredSignature(uint256 deadline)",
      "error ERC2612InvalidSigner(address signer, address owner)",
      "error ERC4626ExceededMaxDeposit(address receiver, uint256 assets, uint256 max)",
      "error ERC4626ExceededMaxMint(address receiver, uint256 shares, uint256 max)",
      "error ERC4626ExceededMaxWithdraw(address owner, uint256 assets, uint256 max)",
      "error ERC4626ExceededMaxRedeem(address owner, uint256 shares, uint256 max)",
      "error InvalidAccountNonce(address account, uint256 currentNonce)",
      "error ReentrancyGuardReentrantCall()",
      "error SafeERC20FailedOperation(address token)",
      "error SafeERC20FailedDecreaseAllowance(address spender, uint256 currentAllowance, uint256 requestedDecrease)",
      "error AddressEmptyCode(address target)",
      "error AddressInsufficientBalance(address account)",
      "error FailedInnerCall()",
      "error FailedCall()",
      "error InsufficientBalance(uint256 balance, uint256 needed)",
      "error ECDSAInvalidSignature()",
      "error ECDSAInvalidSignatureLength(uint256 length)",
      "error ECDSAInvalidSignatureS(bytes32 s)",
      "error MathOverflowedMulDiv()",
      "error SafeCastOverflowedUintDowncast(uint8 bits, uint256 value)",
      "error SafeCastOverflowedIntDowncast(uint8 bits, int256 value)",
      "error SafeCastOverflowedUintToInt(uint256 value)",
      "error SafeCastOverflowedIntToUint(int256 value)",
    ],
  },
];

export interface BuiltinAbi {
  source: string;
  abi: Abi;
}

let parsed: readonly BuiltinAbi[] | null = null;

/** The built-in set as viem ABI items, parsed on first call and cached. */
export function builtinAbis(): readonly BuiltinAbi[] {
  if (parsed === null) {
    parsed = BUILTIN_SIGNATURES.map((group) => ({
      source: group.source,
      abi: parseAbi(group.signatures as readonly string[]) as Abi,
    }));
  }
  return parsed;
}
