import { ConnectButton } from '@latch/react';
import { erc20Abi } from 'viem';
import {
  useBalance,
  useConnect,
  useConnection,
  useDisconnect,
  useSignMessage,
  useSwitchChain,
  useWaitForTransactionReceipt,
  useWriteContract,
} from 'wagmi';

/** What the page signs, and the spender its contract write approves (anvil's account 5): no token moves. */
export const WAGMI_MESSAGE = 'Signed through wagmi, connected by Latch';
export const SPENDER = '0x9965507D1a55bcC2695C58ba16FB37d819B0A4dc';

const errorText = (error: Error | null) => (error ? ((error as { shortMessage?: string }).shortMessage ?? error.message) : '');

/** The page's own UI, written with wagmi hooks only; Latch's button is the one way in. */
export function WagmiApp({ token }: { token: `0x${string}` | undefined }) {
  const connection = useConnection();
  const connect = useConnect();
  const disconnect = useDisconnect();
  const balance = useBalance({ address: connection.address, query: { enabled: Boolean(connection.address) } });
  const sign = useSignMessage();
  const write = useWriteContract();
  const receipt = useWaitForTransactionReceipt({ hash: write.data });
  const switchChain = useSwitchChain();
  const latch = connect.connectors[0];

  return (
    <main className="demo">
      <h1>A wagmi app, connected by Latch</h1>
      <ConnectButton />
      <dl>
        <dt>wagmi status</dt>
        <dd data-testid="wagmi-status">{connection.status}</dd>
        <dt>address</dt>
        <dd data-testid="wagmi-address">{connection.address ?? ''}</dd>
        <dt>chain</dt>
        <dd data-testid="wagmi-chain">{connection.chainId ?? ''}</dd>
        <dt>balance (wei)</dt>
        <dd data-testid="wagmi-balance">{balance.data?.value.toString() ?? ''}</dd>
      </dl>
      {connection.isConnected ? (
        <section>
          <button type="button" onClick={() => sign.mutate({ message: WAGMI_MESSAGE })}>
            Sign with wagmi
          </button>
          <output data-testid="wagmi-signature">{sign.data ?? errorText(sign.error)}</output>
          {token ? (
            <button
              type="button"
              onClick={() => write.mutate({ address: token, abi: erc20Abi, functionName: 'approve', args: [SPENDER, 10n ** 18n] })}
            >
              Approve 1 LDT with wagmi
            </button>
          ) : null}
          <output data-testid="wagmi-tx">{write.data ?? errorText(write.error)}</output>
          <output data-testid="wagmi-receipt">{receipt.data?.status ?? ''}</output>
          {switchChain.chains.map((chain) => (
            <button key={chain.id} type="button" onClick={() => switchChain.mutate({ chainId: chain.id })}>
              {`Switch to ${chain.name} with wagmi`}
            </button>
          ))}
          <output data-testid="wagmi-switch-error">{errorText(switchChain.error)}</output>
          <button type="button" onClick={() => disconnect.mutate()}>
            Disconnect with wagmi
          </button>
        </section>
      ) : latch ? (
        <button type="button" onClick={() => connect.mutate({ connector: latch })}>
          Connect with wagmi
        </button>
      ) : null}
      <output data-testid="wagmi-connect-error">{errorText(connect.error)}</output>
    </main>
  );
}
