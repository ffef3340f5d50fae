import { Component, type ErrorInfo, type ReactNode } from 'react';
import { ErrorScreen } from './ErrorScreen';

interface Props {
  children: ReactNode;
  /** A new key (the route) gives the children another chance after an error. */
  resetKey?: string;
}

interface State {
  failed: boolean;
  key: string | undefined;
}

/**
 * Section 8 "Route errors: root error screen". react-router-dom's declarative <BrowserRouter> has
 * no route errorElement (that comes with its data router, about 17 kB gzip more, past both
 * budgets), so the routes are wrapped in this boundary instead, reset when the route changes.
 */
export class ErrorBoundary extends Component<Props, State> {
  override state: State = { failed: false, key: this.props.resetKey };

  static getDerivedStateFromProps(props: Props, state: State): Partial<State> | null {
    return props.resetKey === state.key ? null : { failed: false, key: props.resetKey };
  }

  static getDerivedStateFromError(): Partial<State> {
    return { failed: true };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo): void {
    // The screen promises the issue has been logged: the console is the log a browser has.
    console.error('Route error', error, info.componentStack);
  }

  override render(): ReactNode {
    return this.state.failed ? <ErrorScreen /> : this.props.children;
  }
}
