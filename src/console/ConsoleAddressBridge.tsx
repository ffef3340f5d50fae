import { useEffect } from 'react';
import { useLocation, useNavigate } from 'react-router-dom';
import { CONSOLE_ROUTES } from '../catalogue/http';
import { useConsoleAccessLog, useConsoleList, useConsoleQueue, useConsoleSession } from './consoleActors';

/**
 * The router (react-router-dom) owns the console's address; the list actor owns the list's query
 * and the access log's actor the log's, which live in that address; the session runs the page actor of the application an address names.
 * This bridge tells both of every location the router reaches
 * (the first, a link, Back and Forward, the moves the actor asked for) and performs the moves the
 * actor asks for (and the review queue's opening of the application it claimed). No view moves the router itself.
 */
export function ConsoleAddressBridge() {
  const list = useConsoleList();
  const accessLog = useConsoleAccessLog();
  const queue = useConsoleQueue();
  const session = useConsoleSession();
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

  // The access log's query lives in the address the same way.
  useEffect(() => {
    if (!accessLog) return;
    const subscription = accessLog.on('accessLog.navigate', ({ to }) => void navigate(to));
    return () => subscription.unsubscribe();
  }, [accessLog, navigate]);

  useEffect(() => {
    accessLog?.send({ type: 'accessLog.located', pathname: location.pathname, search: location.search });
  }, [accessLog, location]);

  // The review queue opens the application it claimed.
  useEffect(() => {
    if (!queue) return;
    const subscription = queue.on('queue.navigate', ({ to }) => void navigate(to));
    return () => subscription.unsubscribe();
  }, [queue, navigate]);

  // Signed in at the sign-in's own address: the console's first page takes its place in the history.
  useEffect(() => {
    if (location.pathname === CONSOLE_ROUTES.login) void navigate(CONSOLE_ROUTES.home, { replace: true });
  }, [location, navigate]);

  // An application's page runs its actor while it is shown: the session hears every address too.
  useEffect(() => {
    session.send({ type: 'console.located', pathname: location.pathname });
  }, [session, location]);

  return null;
}
