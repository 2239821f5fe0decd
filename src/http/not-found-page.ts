// The branded HTML pages answered where no restaurant is resolved: the 404 for an unknown or
// suspended restaurant address (every path), and the 429 for a client over its budget of
// addresses not in the directory's cache (plugins/tenant.ts). Never JSON on such an address.
// On a restaurant's own address, a path that leads nowhere (an old link, a typo) gets its own 404
// with a way back to the menu: the restaurant exists, only the page does not. Each carries the
// app's favicon inline (the CSP allows data: images), so no tab shows a blank icon. Fixed texts
// only: nothing from the request is written into these pages.

const FAVICON = `data:image/svg+xml,${encodeURIComponent(
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 32 32"><rect width="32" height="32" rx="6" fill="#7a2e1f"/><path d="M9 7v8a3 3 0 0 0 2 2.8V25h2v-7.2A3 3 0 0 0 15 15V7h-1.5v6h-1V7h-1v6h-1V7zM20 7c-1.7 0-3 2.7-3 6 0 2 .8 3.6 2 4.4V25h2V7z" fill="#fff"/></svg>',
)}`;

const page = (
  code: number,
  title: string,
  it: string,
  en: string,
  back?: { it: string; en: string },
) => `<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<link rel="icon" type="image/svg+xml" href="${FAVICON}">
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; font-family: Georgia, serif;
         background: #FFFDF8; color: #3C1518; text-align: center; }
  main { max-width: 32rem; padding: 2rem; }
  h1 { font-size: 2rem; margin: 0 0 .5rem; color: #8B1E3F; }
  p { line-height: 1.5; margin: .25rem 0; }
  .code { font-size: .9rem; letter-spacing: .2em; color: #8A5A2B; }
  a { color: #8B1E3F; font-weight: bold; }
</style>
</head>
<body>
<main>
  <p class="code">${code}</p>
  <h1>${title.split(' · ')[0]}</h1>
  <p>${it}</p>
  <p lang="en">${en}</p>${back ? `\n  <p><a href="/">${back.it}</a> · <a href="/" lang="en">${back.en}</a></p>` : ''}
</main>
</body>
</html>
`;

export const notFoundPage = Buffer.from(
  page(
    404,
    'Menu non trovato · Menu not found',
    'Questo indirizzo non corrisponde a nessun ristorante attivo.',
    'This address does not belong to any active restaurant.',
  ),
);

/** A path that leads nowhere on a restaurant's address (the restaurant itself is there). */
export const pageNotFoundPage = Buffer.from(
  page(
    404,
    'Pagina non trovata · Page not found',
    'Questa pagina non esiste, ma il menu sì.',
    'This page does not exist, but the menu does.',
    { it: 'Vai al menu', en: 'Go to the menu' },
  ),
);

/** A restaurant the operator suspended: diners are told only that the menu is not available. */
export const suspendedPage = Buffer.from(
  page(
    403,
    'Menu non disponibile · Menu not available',
    'Questo menu non è disponibile al momento.',
    'This menu is not available at the moment.',
  ),
);

export const tooManyRequestsPage = Buffer.from(
  page(
    429,
    'Troppe richieste · Too many requests',
    'Troppe richieste da questa rete. Riprova tra un minuto.',
    'Too many requests from this network. Please try again in a minute.',
  ),
);
export const HTML_TYPE = 'text/html; charset=utf-8';
