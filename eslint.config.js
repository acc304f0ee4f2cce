import js from "@eslint/js";
import nextPlugin from "@next/eslint-plugin-next";
import jsxA11y from "eslint-plugin-jsx-a11y";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";
import local from "./eslint/boundaries.js";

// A key from outside (a query string, a stored or received value) looked up with a cast finds
// what every object inherits ("constructor", "toString") too.
const noKeyofCast = {
  selector: "TSAsExpression > TSTypeOperator[operator='keyof']",
  message:
    "A cast to keyof hides a lookup by a key that may not be the table's: use ownValue or isOwnKey (lib/psd2/lookup/own-value.ts), or a schema.",
};

export default tseslint.config(
  {
    ignores: [
      "node_modules/**",
      ".next/**",
      ".build/**",
      ".data/**",
      "test-results/**",
      "playwright-report/**",
      "next-env.d.ts",
      "lib/bank/db/migrations/**",
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    plugins: { local },
    rules: {
      "local/boundaries": "error",
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": ["error", { fixStyle: "inline-type-imports" }],
      "@typescript-eslint/ban-ts-comment": "error",
      eqeqeq: ["error", "always"],
      "no-restricted-syntax": ["error", noKeyofCast],
    },
  },
  {
    // The app writes English dates with its own three-letter months (lib/tpp/format-wall-clock.ts).
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}", "lib/tpp/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-syntax": [
        "error",
        noKeyofCast,
        {
          selector: "Property[key.name='month'][value.value='short']",
          message:
            'Intl\'s en-GB short month writes "Sept": use formatDate, formatDateTime or formatWeekdayTime (components/format.ts), or formatWallClock (lib/tpp/format-wall-clock.ts).',
        },
      ],
    },
  },
  {
    files: ["app/**/*.{ts,tsx}", "components/**/*.{ts,tsx}"],
    plugins: { "@next/next": nextPlugin, "react-hooks": reactHooks, "jsx-a11y": jsxA11y },
    languageOptions: {
      globals: { ...globals.browser },
      parserOptions: { ecmaFeatures: { jsx: true } },
    },
    rules: {
      ...nextPlugin.configs.recommended.rules,
      ...nextPlugin.configs["core-web-vitals"].rules,
      ...reactHooks.configs.recommended.rules,
      ...jsxA11y.flatConfigs.recommended.rules,
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "next/link",
              message: "Link from components/ui/link.tsx: next/link prefetches every link in view, each a request the server renders.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["components/ui/link.tsx"],
    rules: { "no-restricted-imports": "off" },
  },
);
