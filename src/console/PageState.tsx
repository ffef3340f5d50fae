import { Button } from '../ui/Button';
import { Spinner } from '../ui/Spinner';

/** What a console page says while its data is not there: why it failed (with a retry), or that it is loading. */
export function PageState({
  phase,
  message,
  loading,
  retry,
}: {
  phase: 'loading' | 'ready' | 'failed' | 'refused';
  message: string | null;
  /** The spinner's words while the page's data loads. */
  loading: string;
  retry: () => void;
}) {
  return (
    <>
      {message ? (
        <p role="alert" className="console-error">
          {message}
        </p>
      ) : null}
      {phase === 'loading' ? <Spinner label={loading} /> : null}
      {phase === 'failed' ? (
        <Button variant="secondary" onClick={retry}>
          Try again
        </Button>
      ) : null}
    </>
  );
}
