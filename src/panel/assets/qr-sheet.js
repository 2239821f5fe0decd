// The table-card sheet's Print button (the sheet's policy allows no inline script).
for (const button of document.querySelectorAll('button.print')) button.addEventListener('click', () => window.print());
