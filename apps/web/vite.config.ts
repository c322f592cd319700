import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react(), tailwindcss()],
  build: {
    outDir: 'dist',
    sourcemap: true,
  },
  server: {
    // `npm run dev -w @portal/web` proxies the API to a portal started with `npm start`.
    proxy: { '/api': 'http://127.0.0.1:3000' },
  },
});
