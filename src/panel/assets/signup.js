// The sign-up form on the base address: the address of the menu is proposed from the restaurant's
// name until the owner types one, checked as typed (normalised and looked up by the server), and
// the country's proposals (language, currency, time zone) follow the chosen country.
const form = document.getElementById('signup-form');
if (form) {
  const name = form.querySelector('[name="name"]');
  const slug = form.querySelector('[name="slug"]');
  const status = document.getElementById('slug-status');
  const country = form.querySelector('[name="country"]');
  const proposal = document.getElementById('f-country-proposal');
  const lang = form.querySelector('[name="lang"]').value;
  let typed = slug.value !== '';
  let timer;
  let asked = 0;

  const check = (text, fill) => {
    clearTimeout(timer);
    if (text.trim() === '') {
      status.textContent = '';
      return;
    }
    timer = setTimeout(async () => {
      const mine = ++asked;
      status.textContent = status.dataset.checking;
      try {
        const url = `${slug.dataset.check}?slug=${encodeURIComponent(text)}&lang=${lang}`;
        const res = await fetch(url, { headers: { accept: 'application/json' } });
        if (mine !== asked || !res.ok) return;
        const answer = await res.json();
        if (fill) slug.value = answer.slug;
        status.textContent = answer.message;
        status.classList.toggle('taken', !answer.available);
      } catch {
        status.textContent = '';
      }
    }, 250);
  };

  slug.addEventListener('input', () => {
    typed = slug.value !== '';
    check(slug.value, false);
  });
  name.addEventListener('input', () => {
    if (!typed) check(name.value, true);
  });
  country.addEventListener('change', () => {
    proposal.textContent = country.selectedOptions[0]?.dataset.proposal ?? '';
  });
  if (slug.value) check(slug.value, false);
}
