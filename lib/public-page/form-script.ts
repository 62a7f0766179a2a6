// The public wheel's form before React has it (issue 55, item 4; first built for the embed, issue 43:
// docs/decisions/performance.md "The embed's form works before React"). A small inline script the
// page writes right after the form, so it runs as soon as the form is parsed, long before Next's
// runtime and React have evaluated and hydrated the page on a slow phone. Until play.tsx announces
// "roleta:hydrated": the fields are plain HTML and keep what is typed through hydration; ticking the
// consent box enables 'Começar'; the CPF box is masked; a 'Começar' pressed (or Enter) is held (the
// button busy, never sent as a plain HTML form, whose GET would put the fields in the address) and
// sent again once React has the form, which then checks it and goes on as if pressed then. After
// that, React's own handlers do all of it and this script stands aside. No dependency, no values
// from the server: the same text on every page, which the pages' CSP allows by its hash
// (lib/security/headers.ts computes it from this text).
export const PUBLIC_FORM_SCRIPT = `(function () {
  var w = window, form = document.querySelector("main form");
  if (!form) return;
  var box = form.querySelector('input[name="consent"]');
  var go = form.querySelector('button[type="submit"]');
  var cpf = form.querySelector('input[name="cpf"]');
  var react = false, held = false;
  form.addEventListener("change", function () {
    if (!react && box && go && !held) go.disabled = !box.checked;
  });
  if (cpf) cpf.addEventListener("input", function () {
    if (react) return;
    var s = cpf.value.replace(/\\D/g, "").slice(0, 11);
    var v = [s.slice(0, 3), s.slice(3, 6), s.slice(6, 9)].filter(Boolean).join(".") + (s.length > 9 ? "-" + s.slice(9) : "");
    if (v !== cpf.value) cpf.value = v;
  });
  // On the window, so React's own handler (on the document) has run first once it is there.
  w.addEventListener("submit", function (e) {
    if (e.target !== form || e.defaultPrevented) return;
    e.preventDefault();
    if (react || !go) return;
    held = true;
    go.disabled = true;
    go.setAttribute("aria-busy", "true");
  });
  w.addEventListener("roleta:hydrated", function () {
    react = true;
    if (!held || !form.isConnected) return;
    go.removeAttribute("aria-busy");
    form.requestSubmit();
  }, { once: true });
})();`;
