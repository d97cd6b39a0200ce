import { defineConfig } from 'vite';
import react from '@vitejs/plugin-react';
import netlify from '@netlify/vite-plugin';
import { fileURLToPath } from 'node:url';

const routerDist = (file: string) => fileURLToPath(new URL(`./node_modules/react-router/dist/production/${file}`, import.meta.url));

/**
 * Vite config for the SPA. In dev, @netlify/vite-plugin serves netlify/functions
 * through Vite's middleware exactly as Netlify routes them in production.
 * Edge functions, Blobs, the database feature and geolocation lookups are off:
 * the project uses none of them and the machine has no network.
 */
export default defineConfig(({ command }) => ({
  resolve: {
    // react-router's package exports name only its development build; production bundles take the
    // production one (smaller, no development warnings on the default error screen).
    alias:
      command === 'build'
        ? [
            { find: /^react-router$/, replacement: routerDist('index.mjs') },
            { find: /^react-router\/dom$/, replacement: routerDist('dom-export.mjs') },
          ]
        : [],
  },
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
}));
