import { createRoot } from 'react-dom/client';

// The floor: a bare React 19 page with one button.
createRoot(document.getElementById('root')).render(<button type="button">Connect Wallet</button>);
