import { useId, useState } from 'react';
import { policies } from '../policies';
import { PickupPointDetails } from '../../../components/PickupPointDetails';
import { InfoLayout } from './InfoLayout';

const topics = ['Orders and draws', 'Shipping and self-collection', 'Tokens and payments', 'Trading', 'Something else'];

/** Builds a mailto: link; the shop has no contact backend, the shopper's own mail app sends it. */
function mailtoLink(topic: string, message: string): string {
  const params = new URLSearchParams({ subject: `Kujiya: ${topic}`, body: message });
  // URLSearchParams writes spaces as '+', which mail apps show literally.
  return `mailto:${policies.contactEmail}?${params.toString().replace(/\+/g, '%20')}`;
}

export function ContactPage() {
  const [topic, setTopic] = useState(topics[0]);
  const [message, setMessage] = useState('');
  const topicId = useId();
  const messageId = useId();
  return (
    <InfoLayout title="Contact Us" lead="Questions about an order, a shipment or your tokens? We are happy to help.">
      <div className="info-card-grid">
        <section className="info-card">
          <h2>E-mail</h2>
          <p>
            <a href={`mailto:${policies.contactEmail}`}>{policies.contactEmail}</a>
          </p>
          <p className="muted">We reply within 1 to 2 working days.</p>
        </section>
        <section className="info-card">
          <h2>Support hours</h2>
          <p>{policies.supportHours}</p>
        </section>
        <section className="info-card">
          <h2>Self-collection</h2>
          <p>{policies.selfCollectionSlots.join('; ')}. Book a slot from your inventory.</p>
          <PickupPointDetails />
        </section>
      </div>

      <h2>Write to us</h2>
      <p>Tell us what you need and we will open your e-mail app with the message ready to send.</p>
      <div className="field">
        <label htmlFor={topicId}>Topic</label>
        <select id={topicId} value={topic} onChange={(event) => setTopic(event.target.value)}>
          {topics.map((option) => (
            <option key={option}>{option}</option>
          ))}
        </select>
      </div>
      <div className="field">
        <label htmlFor={messageId}>Message</label>
        <textarea
          id={messageId}
          rows={5}
          value={message}
          placeholder="Your order number helps us find things quickly."
          onChange={(event) => setMessage(event.target.value)}
        />
      </div>
      <a className="btn btn--primary btn--block" href={mailtoLink(topic, message)}>
        Open e-mail app
      </a>
    </InfoLayout>
  );
}
