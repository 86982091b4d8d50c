import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { RouterProvider } from 'react-router/dom';
import { AppProvider } from './app/provider';
import { createRouter } from './app/router';
import './styles/global.css';

const router = createRouter();
const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element.');

// the first render as a transition: React renders it in slices and lets the browser breathe in between,
// instead of one long task while a phone is still busy loading the page
const root = createRoot(container);
startTransition(() => {
  root.render(
    <StrictMode>
      <AppProvider>
        <RouterProvider router={router} />
      </AppProvider>
    </StrictMode>,
  );
});
