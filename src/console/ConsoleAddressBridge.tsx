import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { useConsoleList } from './consoleActors';

/**
 * The router (react-router-dom) owns the console's address; the list actor owns the list's query,
 * which lives in that address. This bridge tells the actor of every location the router reaches
 * (the first, a link, Back and Forward, the moves the actor asked for) and performs the moves the
 * actor asks for. No view moves the router itself.
 */
export function ConsoleAddressBridge() {
  const list = useConsoleList();
  const location = useLocation();
  const navigate = useNavigate();

  // Subscribed before the first report below, as the answer to a report may be a move.
  useEffect(() => {
    if (!list) return;
    const subscription = list.on('list.navigate', ({ to, replace }) => void navigate(to, { replace }));
    return () => subscription.unsubscribe();
  }, [list, navigate]);

  useEffect(() => {
    list?.send({ type: 'list.located', pathname: location.pathname, search: location.search });
  }, [list, location]);

  return null;
}
