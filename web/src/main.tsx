import './app/mantine-styles.css';
import '@mantine/notifications/styles.layer.css';
import './app/a11y.css';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';

// Rendered as a transition: React works in slices and hands the main thread back between them, so
// the first render of a page is no single long task (a phone stays responsive; issue 10 point 7).
// index.html's static splash shows meanwhile.
const root = createRoot(document.getElementById('root')!);
startTransition(() => {
  root.render(
    <StrictMode>
      <App />
    </StrictMode>,
  );
});
