import { useEffect, useState } from 'react';

let speak: ((text: string) => void) | null = null;

/**
 * Says `text` through the page's polite live region (a new step, a tab switched, a
 * document uploaded or deleted). The views call it when their actor tells them the page changed.
 */
export function announce(text: string): void {
  speak?.(text);
}

/**
 * The page's one polite live region, present from the first render (a region added together with
 * its text is often not read). The same text twice in a row is said twice: it is emptied first.
 */
export function Announcer() {
  const [text, setText] = useState('');
  useEffect(() => {
    let timer: ReturnType<typeof setTimeout> | undefined;
    speak = (next) => {
      setText('');
      clearTimeout(timer);
      timer = setTimeout(() => setText(next), 50);
    };
    return () => {
      clearTimeout(timer);
      speak = null;
    };
  }, []);
  return (
    <p id="announcer" className="visually-hidden" role="status" aria-live="polite">
      {text}
    </p>
  );
}
