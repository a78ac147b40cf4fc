import { useEffect, useState } from 'react';
import { createRoot } from 'react-dom/client';

// The physical floor: React 19 and a button that lists the EIP-6963 wallets announced so far.
function ConnectButton() {
  const [wallets, setWallets] = useState([]);
  const [open, setOpen] = useState(false);
  useEffect(() => {
    const onAnnounce = (event) => {
      const { info } = event.detail;
      setWallets((known) => (known.some((w) => w.uuid === info.uuid) ? known : [...known, info]));
    };
    window.addEventListener('eip6963:announceProvider', onAnnounce);
    window.dispatchEvent(new Event('eip6963:requestProvider'));
    return () => window.removeEventListener('eip6963:announceProvider', onAnnounce);
  }, []);
  return (
    <>
      <button type="button" onClick={() => setOpen(true)}>
        Connect Wallet
      </button>
      {open ? (
        <ul>
          {wallets.map((w) => (
            <li key={w.uuid}>
              <img src={w.icon} alt="" width={24} height={24} /> {w.name}
            </li>
          ))}
        </ul>
      ) : null}
    </>
  );
}

createRoot(document.getElementById('root')).render(<ConnectButton />);
