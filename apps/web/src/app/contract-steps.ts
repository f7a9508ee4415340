const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let loading: Promise<void> | null = null;

/**
 * Evaluates the schema library, then the storefront's schemas (with the shared lib), each in a task
 * of its own, before the page or the chrome that needs them: evaluated together with the page they
 * made the longest task of the first load (docs/performance.md).
 */
export function loadContractInSteps(): Promise<void> {
  loading ??= (async () => {
    await import('./zod-step');
    await nextTask();
    await import('../features/catalogue/api/get-products');
    await nextTask();
  })();
  return loading;
}
