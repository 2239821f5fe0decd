// The branded HTML 404 page answered for an unknown or suspended restaurant address (every path).

const PAGE = `<!doctype html>
<html lang="it">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Menu non trovato · Menu not found</title>
<style>
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; font-family: Georgia, serif;
         background: #FFFDF8; color: #3C1518; text-align: center; }
  main { max-width: 32rem; padding: 2rem; }
  h1 { font-size: 2rem; margin: 0 0 .5rem; color: #8B1E3F; }
  p { line-height: 1.5; margin: .25rem 0; }
  .code { font-size: .9rem; letter-spacing: .2em; color: #D4A373; }
</style>
</head>
<body>
<main>
  <p class="code">404</p>
  <h1>Menu non trovato</h1>
  <p>Questo indirizzo non corrisponde a nessun ristorante attivo.</p>
  <p lang="en">This address does not belong to any active restaurant.</p>
</main>
</body>
</html>
`;

export const notFoundPage = Buffer.from(PAGE);
export const HTML_TYPE = 'text/html; charset=utf-8';
