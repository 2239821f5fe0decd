// The theme page's live preview: whenever a field changes, the iframe reloads the public page
// with the form's values (not saved yet). The CSRF token never goes into the URL.
const form = document.getElementById('theme-form');
const frame = document.getElementById('theme-preview');
let timer;

function refresh() {
  const query = new URLSearchParams();
  for (const [name, value] of new FormData(form)) {
    if (!name.startsWith('_')) query.append(name, String(value));
  }
  const url = `/admin/theme/preview?${query}`;
  if (frame.getAttribute('src') !== url) frame.setAttribute('src', url);
}

if (form && frame) {
  form.addEventListener('input', () => {
    clearTimeout(timer);
    timer = setTimeout(refresh, 300);
  });
  form.addEventListener('change', refresh);
}
