import react from '@vitejs/plugin-react';
import { defineConfig } from 'vite';

export default defineConfig({
  plugins: [react()],
  // Two pages: the demo, and wagmi.html, a page written with wagmi hooks whose wallet Latch connects.
  build: {
    target: 'es2022',
    manifest: true,
    sourcemap: false,
    rollupOptions: { input: { main: 'index.html', wagmi: 'wagmi.html' } },
  },
  server: { host: '127.0.0.1' },
  preview: { host: '127.0.0.1' },
});
