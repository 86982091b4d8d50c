import { useEffect, useLayoutEffect, useRef } from 'react';

/**
 * The composer's textarea: it grows with its text (up to the CSS max height), and `placeCaret(at)` puts
 * the caret at `at` in the same commit as the next text, before the next key press can land anywhere else
 * (used after a mention is inserted).
 */
export function useMessageBox(text: string) {
  const box = useRef<HTMLTextAreaElement>(null);
  const placeCaretAt = useRef<number | null>(null);

  useEffect(() => {
    const el = box.current;
    if (!el) return;
    el.style.height = 'auto';
    el.style.height = `${el.scrollHeight}px`;
  }, [text]);

  useLayoutEffect(() => {
    const at = placeCaretAt.current;
    if (at === null) return;
    placeCaretAt.current = null;
    box.current?.focus();
    box.current?.setSelectionRange(at, at);
  }, [text]);

  return {
    box,
    placeCaret(at: number) {
      placeCaretAt.current = at;
    },
  };
}
