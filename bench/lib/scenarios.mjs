// The scenarios, in table order. Each is bench/scenarios/<name>/{index.html,main.jsx}; `packages`
// are the npm packages whose installed versions RESULTS.md reports for it; `reload` ones are also timed
// from a reload with an already-connected wallet to its address on screen.
export const SCENARIOS = [
  { name: 'floor', label: 'floor', what: 'React 19 + a plain list of EIP-6963 wallets', packages: ['react', 'react-dom'] },
  {
    name: 'wagmi-floor',
    label: 'wagmi floor',
    what: 'React 19 + wagmi (its EIP-6963 connectors, reconnect on load) + a plain list',
    packages: ['wagmi', 'viem', '@tanstack/react-query'],
    reload: true,
  },
  { name: 'latch-evm', label: 'Latch (eip155)', what: '@latch/react + @latch/adapter-eip155', packages: [], reload: true },
  { name: 'latch-all', label: 'Latch (all)', what: '@latch/react + every adapter and connector built in the repo', packages: [] },
  {
    name: 'appkit',
    label: 'AppKit',
    what: '@reown/appkit + @reown/appkit-adapter-wagmi',
    packages: ['@reown/appkit', '@reown/appkit-adapter-wagmi', 'wagmi', 'viem', '@tanstack/react-query'],
    reload: true,
  },
  {
    name: 'rainbowkit',
    label: 'RainbowKit',
    what: '@rainbow-me/rainbowkit',
    packages: ['@rainbow-me/rainbowkit', 'wagmi', 'viem', '@tanstack/react-query'],
    reload: true,
  },
  {
    name: 'connectkit',
    label: 'ConnectKit',
    what: 'connectkit',
    packages: ['connectkit', 'wagmi', 'viem', '@tanstack/react-query'],
    reload: true,
  },
];

/** BENCH_SCENARIOS=floor,latch-evm picks a subset (ratios need floor and appkit in it). */
export function selectedScenarios(filter = process.env.BENCH_SCENARIOS) {
  if (!filter) return SCENARIOS;
  const wanted = filter.split(',').map((name) => name.trim());
  const unknown = wanted.filter((name) => !SCENARIOS.some((s) => s.name === name));
  if (unknown.length) throw new Error(`BENCH_SCENARIOS: unknown ${unknown.join(', ')}; known: ${SCENARIOS.map((s) => s.name).join(', ')}`);
  return SCENARIOS.filter((s) => wanted.includes(s.name));
}
