/**
 * Which rules a replay runs under: the hardfork from the chain id and the block's number and time
 * where the chain is known, else the latest the block's header fields allow; and what a replay
 * cannot vouch for on chains whose execution differs from Ethereum's.
 */
import {
  Common,
  createCustomCommon,
  Hardfork,
  Holesky,
  Hoodi,
  Mainnet,
  Sepolia,
  type ChainConfig,
} from "@ethereumjs/common";

/** The header fields that tell the forks apart, as JSON-RPC gives them. */
export interface HeaderFields {
  number: bigint;
  timestamp: bigint;
  baseFeePerGas?: unknown;
  withdrawalsRoot?: unknown;
  parentBeaconBlockRoot?: unknown;
  requestsHash?: unknown;
  difficulty?: unknown;
}

export interface ChainRules {
  common: Common;
  notes: string[];
}

const KNOWN: Record<number, ChainConfig> = {
  1: Mainnet,
  11155111: Sepolia,
  17000: Holesky,
  560048: Hoodi,
};

/** anvil's and Hardhat's chain: the devnet runs anvil's latest, which ethereumjs calls Bpo1. */
const LOCAL_CHAIN = 31337;

const ARBITRUM = new Set([42161, 42170, 421614]);
const OP_STACK = new Set([
  10, 8453, 84532, 11155420, 7777777, 999999999, 34443, 480, 4801, 130, 1301, 57073, 763373, 1868,
  1946, 252, 2522, 60808, 1135, 4202, 5000, 5003,
]);
/** Chains that do not run the EVM's own bytecode or its state model. */
const OTHER_VM = new Set([324, 300, 1101, 2442, 534352, 534351, 59144, 59141]);
const P256_L2 = new Set([137, 80002, 56, 97, ...OP_STACK, ...ARBITRUM]);

const present = (v: unknown): boolean => v !== undefined && v !== null;

/** The latest hardfork whose header fields the block carries. */
function fromHeader(h: HeaderFields): Hardfork {
  if (present(h.requestsHash)) return Hardfork.Prague;
  if (present(h.parentBeaconBlockRoot)) return Hardfork.Cancun;
  if (present(h.withdrawalsRoot)) return Hardfork.Shanghai;
  if (present(h.baseFeePerGas)) {
    return h.difficulty === "0x0" ? Hardfork.Paris : Hardfork.London;
  }
  return Hardfork.Berlin;
}

export function chainRules(chainId: number, header: HeaderFields): ChainRules {
  const notes: string[] = [];
  const known = KNOWN[chainId];
  if (known) {
    const common = new Common({ chain: known });
    common.setHardforkBy({ blockNumber: header.number, timestamp: header.timestamp });
    return { common, notes };
  }
  let hardfork = fromHeader(header);
  if (chainId === LOCAL_CHAIN) {
    if (hardfork === Hardfork.Prague) hardfork = Hardfork.Bpo1;
    notes.push(
      `A local development chain (${chainId}): the replay ran under ${hardfork} rules, as its block header shows.`,
    );
  } else {
    notes.push(
      `Chain ${chainId}'s fork schedule is not known to this replay: it ran under ${hardfork} rules, ` +
        `the latest the block's header fields show. Opcodes and gas prices from a later fork the chain may have (Osaka's) were not applied.`,
    );
  }
  if (ARBITRUM.has(chainId)) {
    notes.push(
      "Arbitrum runs ArbOS: its gas used includes the L1 data component, its precompiles (ArbSys at 0x64, ArbGasInfo at 0x6c …) and internal transactions are not in this EVM. Calls to them, gas figures and balances cannot be trusted; a call tree through plain contracts can.",
    );
  }
  if (OP_STACK.has(chainId)) {
    notes.push(
      "OP Stack chain: deposit transactions (type 0x7e) and the L1 data fee are applied outside the EVM and are not replayed here, so the sender's balance change leaves out the L1 fee and a state a deposit wrote earlier in the block is missing. Calls, storage and gas used by execution can be trusted.",
    );
  }
  if (OTHER_VM.has(chainId)) {
    notes.push(
      `Chain ${chainId} does not execute like Ethereum (its own VM, precompiles or gas rules): nothing in this replay can be trusted where it disagrees with the receipt.`,
    );
  }
  if (P256_L2.has(chainId)) {
    notes.push(
      "This chain has the P256 verification precompile at 0x100 (RIP-7212); this replay does not, so a call to it comes out differently.",
    );
  }
  const common = createCustomCommon({ chainId }, Mainnet, { hardfork });
  return { common, notes };
}
