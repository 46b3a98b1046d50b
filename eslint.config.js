import js from "@eslint/js";
import globals from "globals";
import reactHooks from "eslint-plugin-react-hooks";
import tseslint from "typescript-eslint";

const layer = (name, forbidden) => ({
  files: [`src/${name}/**/*.{ts,tsx}`],
  rules: {
    "no-restricted-imports": [
      "error",
      {
        patterns: forbidden.map((group) => ({
          group: [group],
          message: `src/${name} may only import layers above it (rpc → chain → endpoints → methods → app).`,
        })),
      },
    ],
  },
});

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
  layer("rpc", [
    "**/chain/**",
    "**/endpoints/**",
    "**/methods/**",
    "**/app/**",
    "**/ui/**",
    "react",
    "react-dom",
  ]),
  layer("chain", [
    "**/endpoints/**",
    "**/methods/**",
    "**/app/**",
    "**/ui/**",
    "react",
    "react-dom",
  ]),
  layer("endpoints", ["**/methods/**", "**/app/**", "**/ui/**", "react", "react-dom"]),
  layer("ui", ["**/methods/**", "**/app/**"]),
  layer("methods", ["**/app/**"]),
);
