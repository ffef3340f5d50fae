import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ChunkError, isChunkLoadError, retryFailedChunks } from './chunks';
import { ErrorScreen } from './ErrorScreen';

interface Props {
  children: ReactNode;
  /** A new key (the route) gives the children another chance after an error. */
  resetKey?: string;
}

interface State {
  failed: boolean;
  /** The error was code that could not be loaded (a lost connection): a retry, not the error screen. */
  chunk: boolean;
  key: string | undefined;
}

/**
 * A route error shows the root error screen. react-router-dom's declarative <BrowserRouter> has
 * no route errorElement (that comes with its data router, about 17 kB gzip more, past both
 * budgets), so the routes are wrapped in this boundary instead, reset when the route changes.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, chunk: false, key: this.props.resetKey };

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.key ? null : { failed: false, chunk: false, key: props.resetKey };
  }

  static getDerivedStateFromError(error: unknown): Partial<State> {
    return { failed: true, chunk: isChunkLoadError(error) };
  }

  private readonly retry = () => {
    retryFailedChunks();
    this.setState({ failed: false, chunk: false });
  };

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // The screen promises the issue has been logged: the console is the log a browser has.
    console.error('Route error', error, info.componentStack);
  }

  override render(): ReactNode {
    if (!this.state.failed) return this.props.children;
    // A chunk that cannot be loaded never takes the whole page down.
    return this.state.chunk ? <ChunkError onRetry={this.retry} /> : <ErrorScreen />;
  }
}
