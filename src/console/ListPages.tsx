/** The page numbers shown around the current one; the first and the last are always there. */
function pagesAround(page: number, pageCount: number): (number | 'gap')[] {
  const shown = [...new Set([1, page - 1, page, page + 1, pageCount])].filter((n) => n >= 1 && n <= pageCount).sort((a, b) => a - b);
  return shown.flatMap((n, index) => (index > 0 && n - shown[index - 1]! > 1 ? ['gap' as const, n] : [n]));
}

/** Moving through the list's pages: the previous and next page, and the pages around this one. */
export function ListPages({
  page,
  pageCount,
  goToPage,
  label = 'Pages of the list',
}: {
  page: number;
  pageCount: number;
  goToPage: (page: number) => void;
  label?: string;
}) {
  return (
    <nav className="console-pages" aria-label={label}>
      <ul>
        <li>
          <button type="button" aria-disabled={page <= 1} onClick={() => page > 1 && goToPage(page - 1)}>
            Previous<span className="visually-hidden"> page</span>
          </button>
        </li>
        {pagesAround(page, pageCount).map((n, index) =>
          n === 'gap' ? (
            <li key={`gap-${index}`} aria-hidden="true" className="console-pages__gap">
              …
            </li>
          ) : (
            <li key={n}>
              <button type="button" aria-current={n === page ? 'page' : undefined} onClick={() => goToPage(n)}>
                <span className="visually-hidden">Page </span>
                {n}
              </button>
            </li>
          ),
        )}
        <li>
          <button type="button" aria-disabled={page >= pageCount} onClick={() => page < pageCount && goToPage(page + 1)}>
            Next<span className="visually-hidden"> page</span>
          </button>
        </li>
      </ul>
    </nav>
  );
}
