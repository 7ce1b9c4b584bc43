import { defineConfig } from "vite";
import react from "@vitejs/plugin-react";

// The SPA lives in src/web; its build lands in dist/web, which the API server serves.
export default defineConfig({
  root: "src/web",
  plugins: [react()],
  build: {
    outDir: "../../dist/web",
    emptyOutDir: true,
  },
});
