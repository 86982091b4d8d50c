// Engraving fonts bundled from npm (the catalog names each one's fontsource package), regular weight, Latin.
// Imported only by the configurator, so the fonts load with that page.
import '@fontsource/great-vibes/400.css';
import '@fontsource/playfair-display/400.css';
import '@fontsource/cinzel/400.css';
import '@fontsource/dancing-script/400.css';
import '@fontsource/pinyon-script/400.css';
import '@fontsource/montserrat/400.css';
import '@fontsource/cormorant-garamond/400.css';

/** A CSS font-family list for a catalog font, with a fallback of the same kind. */
export function fontStack(cssFamily: string): string {
  const script = /vibes|script|pinyon/i.test(cssFamily);
  return `'${cssFamily.replace(/'/g, '')}', ${script ? 'cursive' : 'serif'}`;
}
