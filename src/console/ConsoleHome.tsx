import { connectConsoleSession } from '../../machines/consoleSessionView';
import { useView } from '../app/viewApi';
import { useConsoleSession } from './consoleActors';

/** The console's first page once signed in. */
export function ConsoleHome() {
  const { staff } = useView(useConsoleSession(), connectConsoleSession);
  return (
    <section className="console-card" aria-labelledby="console-home">
      <h1 id="console-home">Admissions office console</h1>
      <p>
        You are signed in as <strong>{staff?.email}</strong>, with the role <strong>{staff?.role}</strong>.
      </p>
    </section>
  );
}
