// jsdom lacks what Mantine asks the browser for: media queries (colour scheme, responsive props),
// ResizeObserver (ScrollArea, Tabs, SegmentedControl, Slider, Textarea autosize) and document.fonts
// (Textarea autosize). These stand-ins answer "no match", observe nothing and load no fonts, as a wide
// desktop window that never resizes would.

class NoopResizeObserver {
  observe(): void {}
  unobserve(): void {}
  disconnect(): void {}
}

export function stubBrowserApis(): void {
  if (typeof window === 'undefined') return;
  if (!window.matchMedia) {
    window.matchMedia = (query: string): MediaQueryList => ({
      matches: false,
      media: query,
      onchange: null,
      addListener: () => undefined,
      removeListener: () => undefined,
      addEventListener: () => undefined,
      removeEventListener: () => undefined,
      dispatchEvent: () => false,
    });
  }
  if (!('ResizeObserver' in window)) {
    Object.defineProperty(window, 'ResizeObserver', { value: NoopResizeObserver, writable: true, configurable: true });
  }
  if (!('fonts' in document)) {
    const fonts = { ready: Promise.resolve(), addEventListener: () => undefined, removeEventListener: () => undefined };
    Object.defineProperty(document, 'fonts', { value: fonts, configurable: true });
  }
  // Comboboxes scroll the active option into view; jsdom has no layout to scroll.
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;
}
