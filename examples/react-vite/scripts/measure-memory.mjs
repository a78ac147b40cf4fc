// The demo's memory, measured: starts the whole local world in this process (as `npm start` does), lets it settle,
// collects garbage and prints this process's resident memory (the chains anvil and chopsticks run apart from it).
//   node --expose-gc examples/react-vite/scripts/measure-memory.mjs   (after `npm run build`)
import { startDemoStack } from './demoStack.mjs';

const stack = await startDemoStack({ distDir: new URL('../dist', import.meta.url).pathname, port: 0, fixedPorts: false });
await new Promise((settled) => setTimeout(settled, 3000));
globalThis.gc?.();
const { rss, heapUsed, external } = process.memoryUsage();
const mb = (bytes) => `${Math.round(bytes / 1048576)} MB`;
console.log(`demo server: resident ${mb(rss)} (JS heap ${mb(heapUsed)}, outside the heap ${mb(external)})`);
await stack.stop();
process.exit(0);
