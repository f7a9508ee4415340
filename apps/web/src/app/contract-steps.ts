const nextTask = () => new Promise<void>((resolve) => setTimeout(resolve, 0));

let loading: Promise<void> | null = null;

/**
 * Evaluates the schema library, the storefront's schemas, then the shared lib, each in a task
 * of its own, before the page or the chrome that needs them: evaluated together with the page they
 * made the longest task of the first load (docs/performance.md).
 */
export function loadContractInSteps(): Promise<void> {
  loading ??= (async () => {
    const { loadSchemas } = await import('./zod-step');
    await nextTask();
    await loadSchemas();
    await nextTask();
    await import('../features/catalogue/api/getProducts');
    await nextTask();
  })();
  return loading;
}
