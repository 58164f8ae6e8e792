// Applied before React renders so a dark theme does not flash light (CSP forbids inline scripts).
try {
  if (localStorage.getItem('theme') === 'dark') document.documentElement.classList.add('dark');
} catch (e) {}
