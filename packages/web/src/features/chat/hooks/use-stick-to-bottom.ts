import { useEffect, useLayoutEffect, useRef, useState } from 'react';

/** Spec section 9: the scroll-to-bottom button appears beyond 1500 px from the bottom. */
export const SCROLL_BUTTON_THRESHOLD_PX = 1500;
/** Closer than this to the bottom, a new message keeps the list pinned to the bottom. */
const STICK_PX = 160;

/**
 * The message list's scrolling: it opens at the bottom, stays there as messages arrive (or grow) while the
 * reader is near it, and tells when the reader is far enough up for the scroll-to-bottom button.
 */
export function useStickToBottom({
  messageCount,
  pendingCount,
  loading,
  viewerId,
}: {
  messageCount: number;
  pendingCount: number;
  loading: boolean;
  viewerId: string;
}) {
  const scroller = useRef<HTMLDivElement>(null);
  const [farFromBottom, setFarFromBottom] = useState(false);
  const nearBottom = useRef(true);
  const first = useRef(true);

  const distance = () => {
    const el = scroller.current;
    return el ? el.scrollHeight - el.scrollTop - el.clientHeight : 0;
  };

  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || loading) return;
    if (first.current || nearBottom.current) {
      el.scrollTop = el.scrollHeight;
      first.current = false;
    }
  }, [messageCount, pendingCount, loading]);

  useEffect(() => {
    first.current = true;
  }, [viewerId]);

  // a message that grows where it is (a quote card gaining its buttons, a changed status) keeps the
  // list at the bottom when it was there
  useEffect(() => {
    const el = scroller.current;
    if (!el || typeof MutationObserver === 'undefined') return;
    const observer = new MutationObserver(() => {
      if (nearBottom.current && !first.current) el.scrollTop = el.scrollHeight;
    });
    observer.observe(el, { childList: true, subtree: true, characterData: true });
    return () => observer.disconnect();
  }, []);

  return {
    scroller,
    farFromBottom,
    onScroll() {
      const d = distance();
      nearBottom.current = d < STICK_PX;
      setFarFromBottom(d > SCROLL_BUTTON_THRESHOLD_PX);
    },
    scrollToBottom() {
      scroller.current?.scrollTo({ top: scroller.current.scrollHeight, behavior: 'smooth' });
    },
  };
}
