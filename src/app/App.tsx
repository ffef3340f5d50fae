import { useEffect, useState } from 'react';

interface CollegeSummary {
  name: string;
  applicationTitle: string;
}

/**
 * Placeholder shell until the application screens land: it proves the bundle is served and
 * talks to the API. Client routes (/about, /login, …) all reach this page through the SPA fallback.
 */
export function App() {
  const [college, setCollege] = useState<CollegeSummary | null>(null);
  useEffect(() => {
    const controller = new AbortController();
    fetch('/public/college', { signal: controller.signal })
      .then((response) => (response.ok ? (response.json() as Promise<CollegeSummary>) : null))
      .then(setCollege)
      .catch(() => setCollege(null));
    return () => controller.abort();
  }, []);
  return (
    <main style={{ fontFamily: 'system-ui, sans-serif', maxWidth: '40rem', margin: '4rem auto', padding: '0 1rem' }}>
      <img src="/logo.svg" alt="" width={48} height={48} />
      <h1>{college ? college.applicationTitle : 'Admission application'}</h1>
      <p data-testid="college-name">{college?.name ?? ''}</p>
      <p>The application screens are on their way. The application API is available under /api and /public.</p>
    </main>
  );
}
