import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';

// The SPA is served by the API process in production (same origin). In development Vite serves it
// on 5173 and forwards the API and the realtime socket to the server on 3000.
export default defineConfig({
  plugins: [react()],
  server: {
    port: 5173,
    strictPort: true,
    proxy: {
      '/api': { target: 'http://localhost:3000', changeOrigin: false },
      '/socket.io': { target: 'http://localhost:3000', ws: true },
    },
  },
  preview: { port: 5173 },
  build: {
    outDir: 'dist',
    sourcemap: true,
    emptyOutDir: true,
    // read by scripts/prerender.mjs (each prerendered page names its own chunks and styles), then removed
    manifest: true,
    // The 3D viewer (three.js, react-three-fiber) is one lazily loaded chunk of about 1 MB (265 kB gzipped),
    // fetched only on the pages that show a model; every other chunk stays well under 500 kB.
    chunkSizeWarningLimit: 1100,
    rolldownOptions: {
      output: {
        // React and the router change far less often than the app: their own long-cached chunk.
        codeSplitting: {
          groups: [
            { name: 'react', test: /[\\/]node_modules[\\/](react|react-dom|scheduler|react-router)[\\/]/ },
          ],
        },
      },
    },
  },
});
