import { useId } from 'react';

/** An admins' page at a reader's address: its title, and why it shows nothing (the server refuses its calls anyway). */
export function AdminsOnly({ title, message }: { title: string; message: string }) {
  const titleId = useId();
  return (
    <section className="console-card" aria-labelledby={titleId}>
      <h1 id={titleId}>{title}</h1>
      <p role="alert">{message}</p>
    </section>
  );
}
