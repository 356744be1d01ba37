import { defineConfig } from 'vite';

// The built files are served by `bluegray serve --web-root web/dist`; during
// `npm run dev` the API is proxied to a server on port 8080.
export default defineConfig({
  base: '/',
  build: { outDir: 'dist', emptyOutDir: true, target: 'es2022' },
  server: { proxy: { '/api': 'http://127.0.0.1:8080' } },
});
