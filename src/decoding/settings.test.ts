import { describe, expect, it } from "vitest";
import {
  checkServiceUrl,
  DEFAULT_DECODING,
  effectiveBases,
  PUBLIC_BASES,
  readTabOverride,
} from "./settings";
import { DEFAULT_SOLC } from "../chain";

const devnet = {
  sigdb: "http://127.0.0.1:4317/sigdb",
  sourcify: "http://127.0.0.1:4317/sourcify",
  solc: "http://127.0.0.1:4317/solc",
};

describe("which decoding services a tab asks", () => {
  it("asks the public services by default, and the devnet's stand-ins on the devnet", () => {
    expect(effectiveBases(DEFAULT_DECODING, {}, null)).toEqual({
      ...PUBLIC_BASES,
      solc: DEFAULT_SOLC,
    });
    expect(effectiveBases(DEFAULT_DECODING, {}, devnet)).toEqual(devnet);
  });

  it("asks nothing of a service switched off, whatever the devnet offers", () => {
    const saved = { ...DEFAULT_DECODING, sigdb: { enabled: false, url: "" } };
    expect(effectiveBases(saved, {}, devnet)).toEqual({
      sigdb: null,
      sourcify: devnet.sourcify,
      solc: devnet.solc,
    });
  });

  it("uses a saved URL over the defaults", () => {
    const saved = { ...DEFAULT_DECODING, sourcify: { enabled: true, url: "https://my.sourcify" } };
    expect(effectiveBases(saved, {}, devnet).sourcify).toBe("https://my.sourcify");
  });

  it("lets a link override the saved choice for its tab: a URL, or off even where a URL was saved", () => {
    const saved = {
      sigdb: { enabled: false, url: "" },
      sourcify: { enabled: true, url: "https://my.sourcify" },
    };
    expect(effectiveBases(saved, { sigdb: "https://db.example", sourcify: "off" }, devnet)).toEqual(
      { sigdb: "https://db.example", sourcify: null, solc: devnet.solc },
    );
  });

  it("takes the compiler binaries from a link's solc=, else the devnet's, else the public list", () => {
    expect(readTabOverride(new URLSearchParams("solc=http://127.0.0.1:9/bins/")).solc).toBe(
      "http://127.0.0.1:9/bins",
    );
    expect(effectiveBases(DEFAULT_DECODING, { solc: "https://bins.example" }, devnet).solc).toBe(
      "https://bins.example",
    );
    expect(effectiveBases(DEFAULT_DECODING, { solc: "off" }, devnet).solc).toBeNull();
  });
});

describe("sigdb= and sourcify= in a link", () => {
  it("reads off (any case) and checked URLs, and ignores anything else", () => {
    expect(
      readTabOverride(new URLSearchParams("sigdb=OFF&sourcify=https://s.example/server/")),
    ).toEqual({ sigdb: "off", sourcify: "https://s.example/server" });
    expect(readTabOverride(new URLSearchParams("sigdb=javascript:alert(1)&sourcify="))).toEqual({});
  });
});

describe("a service URL typed in the settings", () => {
  it("takes http(s) base URLs and drops trailing slashes", () => {
    expect(checkServiceUrl(" https://api.4byte.sourcify.dev/ ")).toEqual({
      ok: true,
      url: "https://api.4byte.sourcify.dev",
    });
  });
  it.each([
    ["ftp://x.example", /Unsupported scheme/],
    ["https://user:pw@x.example", /no user name or password/],
    ["https://x.example/?key=1", /base URL only/],
    ["not a url", /Not a URL/],
  ])("refuses %s with a reason", (text, message) => {
    const r = checkServiceUrl(text);
    expect(r.ok).toBe(false);
    if (!r.ok) expect(r.message).toMatch(message);
  });
});
