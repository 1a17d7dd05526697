// Tables scroll in a box of their own when wider than the window (200% zoom, a phone; WCAG
// 1.4.10 Reflow, docs/accessibility.md). A box that scrolls must be reachable by keyboard to be
// scrolled: each one that overflows joins the tab order, named after its table's caption; one
// that fits leaves it. Watched once for every page, so no table has to remember it.
const BOXES = '.table-wrap, .table-scroll';

function update(box: HTMLElement) {
  const scrolls = box.scrollWidth > box.clientWidth + 1;
  if (scrolls && box.tabIndex !== 0) {
    box.tabIndex = 0;
    box.setAttribute('role', 'group');
    const caption = box.querySelector('caption')?.textContent?.trim();
    const heading = box.closest('section')?.querySelector('h2, h3')?.textContent?.trim();
    box.setAttribute('aria-label', caption || heading || document.title);
  } else if (!scrolls && box.hasAttribute('tabindex')) {
    box.removeAttribute('tabindex');
    box.removeAttribute('role');
    box.removeAttribute('aria-label');
  }
}

export function keepScrollBoxesFocusable(root: HTMLElement = document.body): void {
  const sizes = new ResizeObserver((entries) => entries.forEach((e) => update(e.target as HTMLElement)));
  const watched = new WeakSet<Element>();
  const scan = () => {
    for (const box of root.querySelectorAll<HTMLElement>(BOXES)) {
      if (!watched.has(box)) {
        watched.add(box);
        sizes.observe(box);
      }
      update(box);
    }
  };
  new MutationObserver(scan).observe(root, { childList: true, subtree: true });
  scan();
}
