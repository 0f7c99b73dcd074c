import { reactRouter } from "@react-router/dev/vite";
import { defineConfig } from "vite";

export default defineConfig({
  plugins: [reactRouter()],
  css: { preprocessorOptions: { scss: { quietDeps: true } } },
  resolve: { tsconfigPaths: true },
});
