// The web project runs in Node; a component test asks for a DOM with `// @vitest-environment jsdom`
// on its first line (jsdom costs about two seconds a file, which the logic tests need not pay).
// In a DOM file MSW answers the API and the DOM is cleaned after each test (dom-setup.ts).
if (typeof document !== 'undefined') await import('./dom-setup');

export {};
