import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { createConsoleActor } from '../../machines/consoleMachine';
import { ConsoleActorProvider } from './consoleActors';
import { ConsoleApp } from './ConsoleApp';
import '../theme/tokens.css';
import '../theme/global.css';
import './console.css';

// The console's root actor is created once, before React renders, and lives as long as the page.
const actor = await createConsoleActor({ pathname: location.pathname, search: location.search });
actor.start();

createRoot(document.getElementById('root')!).render(
  <StrictMode>
    <ConsoleActorProvider actor={actor}>
      <ConsoleApp />
    </ConsoleActorProvider>
  </StrictMode>,
);
