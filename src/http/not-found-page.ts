// The branded HTML pages answered where no restaurant is resolved: the 404 for an unknown or
// suspended restaurant address (every path), and the 429 for a client over its budget of
// addresses not in the directory's cache (plugins/tenant.ts). Never JSON on such an address.

const page = (code: number, title: string, it: string, en: string) => `<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>${title}</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; font-family: Georgia, serif;
         background: #FFFDF8; color: #3C1518; text-align: center; }
  main { max-width: 32rem; padding: 2rem; }
  h1 { font-size: 2rem; margin: 0 0 .5rem; color: #8B1E3F; }
  p { line-height: 1.5; margin: .25rem 0; }
  .code { font-size: .9rem; letter-spacing: .2em; color: #8A5A2B; }
</style>
</head>
<body>
<main>
  <p class="code">${code}</p>
  <h1>${title.split(' · ')[0]}</h1>
  <p>${it}</p>
  <p lang="en">${en}</p>
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

export const tooManyRequestsPage = Buffer.from(
  page(
    429,
    'Troppe richieste · Too many requests',
    'Troppe richieste da questa rete. Riprova tra un minuto.',
    'Too many requests from this network. Please try again in a minute.',
  ),
);
export const HTML_TYPE = 'text/html; charset=utf-8';
