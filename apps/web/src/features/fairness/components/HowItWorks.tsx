/** Plain-words explanation of the scheme and how to check a round without trusting this page. */
export function HowItWorks({ setId }: { setId: string }) {
  const jsonPath = `/api/fairness/${encodeURIComponent(setId)}`;
  const command = `node scripts/verify-fairness.mjs ${window.location.origin}${jsonPath}`;
  return (
    <>
      <section className="card fairness__section" aria-labelledby="fairness-how">
        <h2 id="fairness-how" className="fairness__heading">
          How it works
        </h2>
        <ol className="fairness__steps">
          <li>
            <strong>We commit first.</strong> When a round opens, the shop picks a secret random server seed and
            publishes its SHA-256 fingerprint, the commitment. The seed can no longer change without everyone noticing.
          </li>
          <li>
            <strong>You add your own randomness.</strong> Every purchase carries your client seed (your browser makes
            one; you may type your own in the play popup). Each ticket drawn in the round gets the next number, the
            nonce: 0, 1, 2 …
          </li>
          <li>
            <strong>The draw is a formula.</strong> The ticket taken is number k among those still in the box, where k
            comes from HMAC-SHA256(server seed, “client seed:nonce”): its first 8 bytes as a number, modulo the tickets
            left. Lottery and double chance winners at sell-out use “lottery:n” and “double:n” the same way.
          </li>
          <li>
            <strong>We reveal, you check.</strong> When the round sells out or is reloaded, the server seed is
            published. This page then replays every draw in your browser and compares it with the log.
          </li>
          <li>
            <strong>Nothing can be quietly changed.</strong> The round's box and prizes are fixed in its rules document
            (the rules hash) when it opens. Every log entry carries a hash of the entry before it, so the log is one
            chain, and every order gets a receipt of its entries: if any draw were later dropped, reordered or changed,
            the chain would no longer pass through your receipt.
          </li>
        </ol>
      </section>
      <section className="card fairness__section" aria-labelledby="fairness-yourself">
        <h2 id="fairness-yourself" className="fairness__heading">
          Check it yourself
        </h2>
        <p className="fairness__note">
          Don't trust this page? Everything it uses is public: <a href={jsonPath}>the round's data (JSON)</a>. The
          script <code>scripts/verify-fairness.mjs</code> in Kujiya's source code checks it with its own few lines of
          Node.js (no shop code) and prints every check:
        </p>
        <pre className="fairness__command">
          <code>{command}</code>
        </pre>
        <p className="fairness__note">
          Or write your own: everything you need is the commitment, the seed, the box and the log above.
        </p>
      </section>
    </>
  );
}
