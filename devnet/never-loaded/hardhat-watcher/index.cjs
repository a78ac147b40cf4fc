// Latch's stand-in for hardhat-watcher (devnet/never-loaded/README.md): the real package is never loaded by any test, build or
// `npm start`, so the root package.json installs this empty one instead. Reaching this line means that is no longer true.
throw new Error(
  'hardhat-watcher is replaced by an empty stand-in in this repository (devnet/never-loaded/README.md); a code path now loads it: drop the stand-in from the root package.json and run npm install',
);
