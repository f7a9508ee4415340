/** Covers the page while the shop waits for the gateway's confirmation (docs/rules/buying.md). */
export function ProcessingOverlay() {
  return (
    <div className="processing-overlay" role="status" aria-live="polite">
      <div className="spinner" aria-hidden="true" />
      <p className="processing-overlay__title">Processing your payment...</p>
      <p>This might take awhile, please do not close this page.</p>
    </div>
  );
}
