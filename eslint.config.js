import { readdirSync } from "node:fs";
import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";
import { createNodeResolver, importX } from "eslint-plugin-import-x";

/**
 * The layers, top to bottom: each may import only the ones before it. Zones are checked on the
 * resolved file, so the folder-index form (`"../chain"`) is caught as surely as a deep path.
 *
 *   platform → rpc → chain → endpoints → ui → domains → pages → app
 *
 * A domain is any other folder of src/ (trace, logs, call, decoding, …: what several pages share);
 * domains may use each other (no circles), never a page or the app. A page (src/pages/<page>/)
 * never imports another page: it links to one through the router's href.
 */
const BELOW = ["platform", "rpc", "chain", "endpoints", "ui"];
const NOT_DOMAINS = new Set([...BELOW, "pages", "app", "test-support"]);
const srcDirs = (dir) =>
  readdirSync(new URL(dir, import.meta.url), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name)
    .sort();
const DOMAINS = srcDirs("./src/").filter((d) => !NOT_DOMAINS.has(d));
const PAGES = srcDirs("./src/pages/");
const ORDER = "platform → rpc → chain → endpoints → ui → domains → pages → app";
// Each layer below the domains may import only the ones before it.
const layerZones = BELOW.flatMap((layer, i) =>
  [...BELOW.slice(i + 1), ...DOMAINS, "pages", "app"].map((later) => ({
    target: `./src/${layer}`,
    from: `./src/${later}`,
    message: `src/${layer} may only import the layers before it (${ORDER}).`,
  })),
);
const domainZones = DOMAINS.flatMap((domain) =>
  ["pages", "app"].map((later) => ({
    target: `./src/${domain}`,
    from: `./src/${later}`,
    message: `src/${domain} is a domain the pages share: it never imports a page or the app (${ORDER}).`,
  })),
);
const pageZones = [
  ...PAGES.map((page) => ({
    target: `./src/pages/${page}`,
    from: "./src/pages",
    except: [`./${page}`],
    message:
      "A page does not import another page: link to it through the router's href, or move what both need into a domain (src/<domain>/).",
  })),
  {
    target: "./src/pages",
    from: "./src/app",
    message: `src/pages may not import the app (${ORDER}).`,
  },
];
// ui is presentational: it takes plain props and knows no data layer.
const uiZones = ["rpc", "chain", "endpoints"].map((lower) => ({
  target: "./src/ui",
  from: `./src/${lower}`,
  message: "src/ui is presentational: pass it plain props instead of importing a data layer.",
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
        { zones: [...layerZones, ...domainZones, ...pageZones, ...uiZones, ...compositionZones] },
      ],
      "import-x/no-cycle": ["error", { ignoreExternal: true }],
    },
  },
  { files: ["src/{platform,rpc,chain,endpoints}/**/*.{ts,tsx}"], rules: NO_REACT },
  {
    files: ["src/**/*.{ts,tsx}"],
    ignores: ["src/**/*.test.{ts,tsx}", "src/test-support/**"],
    rules: {
      // A page's first number written through Intl loads ICU's number data: 14–16 ms on this
      // machine, inside the task that shows it (the comparison's first rows, a table's count).
      "no-restricted-syntax": [
        "error",
        {
          selector: "CallExpression[callee.property.name='toLocaleString']",
          message:
            "Whole numbers are written by groupedNumber (ui/basics/numberText): Intl costs ~15 ms the first time in a page.",
        },
      ],
    },
  },
);
