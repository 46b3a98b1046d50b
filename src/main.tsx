import { StrictMode } from "react";
import { bootEarly } from "./app/boot";
import "./index.css";

// A deep link's first request leaves now, while React and the app load (see app/boot.ts).
void bootEarly();

const root = document.getElementById("root");
if (!root) throw new Error("index.html has no #root element");
void Promise.all([import("react-dom/client"), import("./app/App")]).then(
  ([{ createRoot }, { App }]) => {
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    );
  },
);
