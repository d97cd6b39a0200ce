import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import netlify from '@netlify/vite-plugin';

/**
 * Vite config for the SPA. In dev, @netlify/vite-plugin serves netlify/functions
 * through Vite's middleware exactly as Netlify routes them in production.
 * Edge functions, Blobs, the database feature and geolocation lookups are off:
 * the project uses none of them and the machine has no network.
 */
export default defineConfig({
  plugins: [
    react(),
    netlify({
      edgeFunctions: { enabled: false },
      database: { enabled: false },
      blobs: { enabled: false },
      geolocation: { enabled: false },
    }),
  ],
  server: {
    port: Number(process.env.PORT ?? 5173),
    strictPort: true,
  },
  build: {
    outDir: 'dist',
    sourcemap: true,
  },
});
