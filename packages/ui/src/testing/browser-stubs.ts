// jsdom lacks what Mantine asks the browser for: media queries (colour scheme, responsive props) and
// ResizeObserver (ScrollArea, Tabs, SegmentedControl, Slider). These stand-ins answer "no match" and
// observe nothing, as a wide desktop window that never resizes would.

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
  // Comboboxes scroll the active option into view; jsdom has no layout to scroll.
  if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => undefined;
}
