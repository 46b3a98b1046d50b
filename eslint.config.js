import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import { createNodeResolver, importX } from "eslint-plugin-import-x";

/**
 * The layers, top to bottom: each may import only the ones before it. Zones are checked on the
 * resolved file, so the folder-index form (`"../chain"`) is caught as surely as a deep path.
 */
const LAYERS = ["platform", "rpc", "chain", "endpoints", "ui", "shared", "methods", "app"];
const METHODS = [
  "debug_jstraceTransaction",
  "debug_traceCall",
  "eth_estimateGas",
  "eth_getLogs",
  "eth_getTransactionByBlockHashAndIndex",
];
const ORDER = LAYERS.join(" → ");
const layerZones = LAYERS.flatMap((layer, i) =>
  LAYERS.slice(i + 1).map((later) => ({
    target: `./src/${layer}`,
    from: `./src/${later}`,
    message: `src/${layer} may only import the layers before it (${ORDER}).`,
  })),
);
// ui is presentational: it takes plain props and knows no data layer.
const uiZones = ["rpc", "chain", "endpoints"].map((lower) => ({
  target: "./src/ui",
  from: `./src/${lower}`,
  message: "src/ui is presentational: pass it plain props instead of importing a data layer.",
}));
const methodZones = METHODS.map((method) => ({
  target: `./src/methods/${method}`,
  from: "./src/methods",
  except: [`./${method}`],
  message:
    "A method folder does not import another one: move what both need to src/shared (or below).",
}));
// The registry is built by composition: the Sourcify layer wraps the base, the base never knows it.
const compositionZones = [
  {
    target: "./src/chain/registry.ts",
    from: "./src/chain/sourcedRegistry.ts",
    message:
      "The base registry does not know its decoding-sources layer: layer it with withSources() from sourcedRegistry.ts.",
  },
];
const NO_REACT = {
  "no-restricted-imports": [
    "error",
    {
      paths: ["react", "react-dom", "@tanstack/react-query", "@tanstack/react-virtual"].map(
        (name) => ({ name, message: "platform, rpc, chain and endpoints know nothing of React." }),
      ),
    },
  ],
};

export default tseslint.config(
  {
    ignores: [
      "dist*/**",
      "bench/.tmp",
      "node_modules",
      ".devnet",
      "devnet/.cache",
      "test-results",
      "playwright-report",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    languageOptions: { globals: { ...globals.browser } },
    rules: {
      ...reactHooks.configs.recommended.rules,
      "@typescript-eslint/no-explicit-any": "error",
      "@typescript-eslint/no-non-null-assertion": "error",
      "@typescript-eslint/no-unused-vars": [
        "error",
        { argsIgnorePattern: "^_", varsIgnorePattern: "^_" },
      ],
    },
  },
  {
    files: ["**/*.{js,mjs}", "devnet/**", "bench/**", "e2e/**", "*.config.ts"],
    languageOptions: { globals: { ...globals.node } },
  },
  {
    files: ["src/**/*.{ts,tsx}"],
    plugins: { "import-x": importX },
    settings: {
      "import-x/resolver-next": [
        createNodeResolver({ extensions: [".ts", ".tsx", ".js", ".mjs", ".json"] }),
      ],
    },
    rules: {
      "import-x/no-restricted-paths": [
        "error",
        { zones: [...layerZones, ...uiZones, ...methodZones, ...compositionZones] },
      ],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  { files: ["src/{platform,rpc,chain,endpoints}/**/*.{ts,tsx}"], rules: NO_REACT },
);
