import { Status } from './status';
import { ConnectButton, NetworkButton } from './buttons';

export default function Page() {
  return (
    <main>
      <h1>Latch on Next.js</h1>
      <p>Server-rendered; the connection is kept in cookies, so a reload shows your account at once.</p>
      <div style={{ display: 'flex', gap: 12 }}>
        <ConnectButton />
        <NetworkButton />
      </div>
      <Status />
    </main>
  );
}
