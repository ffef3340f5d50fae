import { Component, lazy, useState, type ComponentType, type ReactNode } from 'react';
// The Button's look without its code: this module is in every page's first download.
import '../ui/Button.css';
import './ChunkError.css';

/** Chunks whose last load failed, each with what loads it afresh. */
const failed = new Set<() => void>();

/**
 * A component loaded on demand whose failed load can be tried again: React.lazy keeps a failure
 * for good, so a new lazy component replaces the failed one. `preload` fetches the
 * chunk ahead of need (an error path must not wait for the network it just lost). A component whose
 * chunk is already there when it mounts renders at once, without suspending: a page rendered on the
 * server is hydrated in one pass (src/main.tsx preloads its chunks first).
 */
export function lazyChunk<P extends object>(load: () => Promise<{ default: ComponentType<P> }>) {
  let failedUrl: string | undefined;
  let tries = 0;
  let loaded: ComponentType<P> | undefined;
  const keep = (module: { default: ComponentType<P> }) => {
    loaded = module.default;
    return module;
  };
  const fresh = () =>
    lazy(() =>
      loadAgain(load, failedUrl, tries).then(keep, (error: unknown) => {
        failedUrl = failedModuleUrl(error) ?? failedUrl;
        failed.add(reset);
        throw error;
      }),
    );
  let Current = fresh();
  function reset() {
    failed.delete(reset);
    tries += 1;
    Current = fresh();
  }
  function Chunk(props: P) {
    // Decided once per mount: switching from the lazy component to the loaded one would mount it afresh.
    const [Loaded] = useState(() => loaded);
    return Loaded ? <Loaded {...props} /> : <Current {...props} />;
  }
  /** True once the chunk is there, false when it could not be fetched. */
  Chunk.preload = () =>
    load().then(
      (module) => Boolean(keep(module)),
      () => false,
    );
  return Chunk;
}

/** The module a failed import() could not fetch, as the browser names it in its message. */
const failedModuleUrl = (error: unknown): string | undefined =>
  error instanceof Error ? /(https?:\/\/\S+?\.m?js)\b/.exec(error.message)?.[1] : undefined;

/**
 * A browser keeps a failed module fetch for good (Chromium answers the same import() with the same
 * failure): another try asks for the same file under a new address, falling back to the usual import.
 */
async function loadAgain<T>(load: () => Promise<{ default: T }>, url: string | undefined, tries: number): Promise<{ default: T }> {
  if (url === undefined || tries === 0) return load();
  const module = (await import(/* @vite-ignore */ `${url}?retry=${tries}`)) as { default?: T };
  return module.default === undefined ? load() : { default: module.default };
}

/** Gives every chunk whose load failed another try (the next render loads it again). */
export function retryFailedChunks(): void {
  for (const reset of [...failed]) reset();
}

/** The browsers' words for an import() that could not fetch its module (Chromium, Firefox, Safari). */
export const isChunkLoadError = (error: unknown): boolean =>
  error instanceof Error && /dynamically imported module|module script|Importing a module|Loading chunk/i.test(error.message);

/** A part of the page whose code could not be loaded: said in words, with a way to try again. */
export function ChunkError({ onRetry, compact = false }: { onRetry: () => void; compact?: boolean }) {
  return (
    <div className={compact ? 'chunk-error chunk-error--compact' : 'chunk-error'} role="alert">
      <p className="chunk-error__text">This part of the page could not be loaded. Please check your connection and try again.</p>
      <button type="button" className="ui-button ui-button--secondary" onClick={onRetry}>
        <span className="ui-button__label">Try again</span>
      </button>
    </div>
  );
}

interface BoundaryState {
  error: Error | undefined;
}

/**
 * Around code loaded on demand: a chunk that could not be loaded shows ChunkError in its place
 * (the rest of the page stays, typed answers included); any other error goes on to the boundary
 * above, as if this one were not here.
 */
export class ChunkBoundary extends Component<{ children: ReactNode; compact?: boolean }, BoundaryState> {
  override state: BoundaryState = { error: undefined };

  static getDerivedStateFromError(error: unknown): BoundaryState {
    return { error: error instanceof Error ? error : new Error(String(error)) };
  }

  private readonly retry = () => {
    retryFailedChunks();
    this.setState({ error: undefined });
  };

  override render(): ReactNode {
    const { error } = this.state;
    if (error === undefined) return this.props.children;
    if (!isChunkLoadError(error)) throw error;
    return <ChunkError onRetry={this.retry} compact={this.props.compact} />;
  }
}
