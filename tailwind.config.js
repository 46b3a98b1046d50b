/** @type {import('tailwindcss').Config} */
export default {
  content: ["./index.html", "./src/**/*.{ts,tsx}"],
  darkMode: "class",
  theme: {
    extend: {
      fontFamily: {
        // The system's UI font by the generic name, not by a list of each system's font names:
        // every name a system lacks is a lookup on the page's first layout (on a Linux with
        // DejaVu only, Tailwind's list of eight made that layout 110–150 ms instead of 30–45,
        // bench/STARTUP.md). "Segoe UI" first keeps Windows in a CJK locale on it (its system-ui
        // there is the locale's font); the emoji fonts as Tailwind lists them.
        sans: [
          '"Segoe UI"',
          "system-ui",
          "sans-serif",
          '"Apple Color Emoji"',
          '"Segoe UI Emoji"',
          '"Segoe UI Symbol"',
          '"Noto Color Emoji"',
        ],
        mono: ["ui-monospace", "SFMono-Regular", "Menlo", "Consolas", "monospace"],
      },
    },
  },
};
