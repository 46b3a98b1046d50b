// The compiler binaries the app fetches to compile a verified contract again (its AST: the
// debugger's Variables), laid out as the official list (binaries.soliditylang.org/wasm):
// `/solc/list.json` naming each build's `path` and `longVersion`, and `/solc/<path>`. The devnet
// holds one build: the npm `solc` package's soljson.js, the compiler every devnet contract is
// compiled with. Tests never reach the internet.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const require = createRequire(import.meta.url);

/**
 * @typedef {{ longVersion: string, path: string, file: string }} SolcBinaries
 * @typedef {{ status: number, contentType: string, body: string | Buffer }} SolcReply
 */

/**
 * @param {string} longVersion solc's full version (`0.8.x+commit.…`)
 * @returns {SolcBinaries}
 */
export function solcBinaries(longVersion) {
  return {
    longVersion,
    path: `soljson-v${longVersion}.js`,
    file: require.resolve("solc/soljson.js"),
  };
}

/** @type {Map<string, Buffer>} */
const texts = new Map();

/**
 * `GET /list.json` and `GET /<path>` under the service's base.
 * @param {SolcBinaries} bins
 * @param {string} path
 * @returns {SolcReply}
 */
export function solcAnswer(bins, path) {
  if (path === "/list.json") {
    const [version = "", build = ""] = bins.longVersion.split("+");
    const body = JSON.stringify({
      builds: [{ path: bins.path, version, build, longVersion: bins.longVersion }],
      releases: { [version]: bins.path },
      latestRelease: version,
    });
    return { status: 200, contentType: "application/json", body };
  }
  if (path === `/${bins.path}`) {
    let text = texts.get(bins.file);
    if (!text) {
      text = readFileSync(bins.file);
      texts.set(bins.file, text);
    }
    return { status: 200, contentType: "application/javascript", body: text };
  }
  return {
    status: 404,
    contentType: "application/json",
    body: JSON.stringify({ error: `no ${path}` }),
  };
}
