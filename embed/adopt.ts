// A shadow root's styles as a constructed stylesheet: no inline <style> a shop's CSP could refuse
// (a <style> element only where constructed sheets are missing). Shared by the loader and the tab.

export function adopt(root: ShadowRoot, css: string) {
  try {
    const sheet = new CSSStyleSheet();
    sheet.replaceSync(css);
    root.adoptedStyleSheets = [...root.adoptedStyleSheets, sheet];
  } catch {
    const style = document.createElement("style");
    style.textContent = css;
    root.append(style);
  }
}
