import { useState } from 'react';
import { Sparkles, X } from 'lucide-react';
import { Button } from '../../../components/ui';

export const DESIGN_BANNER_KEY = 'facet.design.productBanner.dismissed';

function readDismissed() {
  try {
    return window.localStorage.getItem(DESIGN_BANNER_KEY) === 'true';
  } catch {
    return false;
  }
}

/** The design-product banner (spec utils flag design_product_banner): what the wizard does; dismissed for good. */
export function DesignProductBanner({ firstTime }: { firstTime: boolean }) {
  const [dismissed, setDismissed] = useState(readDismissed);
  if (dismissed) return null;
  return (
    <aside className="design-banner" aria-label="About the design wizard">
      <Sparkles aria-hidden="true" className="design-banner__icon" />
      <div>
        <p className="design-banner__title">
          {firstTime ? 'Welcome! Start with the piece you have in mind.' : 'Design a piece from an idea'}
        </p>
        <p className="design-banner__text">
          Tell us the piece, the metal and your idea; we turn it into concept images you can take into a
          project with a CAD designer.
        </p>
      </div>
      <Button
        variant="ghost"
        size="sm"
        iconOnly
        aria-label="Dismiss the design banner"
        onClick={() => {
          setDismissed(true);
          try {
            window.localStorage.setItem(DESIGN_BANNER_KEY, 'true');
          } catch {
            // private mode: hidden for this page only
          }
        }}
      >
        <X aria-hidden="true" />
      </Button>
    </aside>
  );
}
