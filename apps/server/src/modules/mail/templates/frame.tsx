/** @jsxRuntime automatic */
/** @jsxImportSource react */
// Explicit, so the server renders mails whatever directory it is started from (tsx reads no tsconfig there).
import {
  Body,
  Button,
  Container,
  Head,
  Heading,
  Hr,
  Html,
  Link,
  Preview,
  Section,
  Text,
} from '@react-email/components';
import type { MailContent } from './content.ts';
import { theme } from './theme.ts';

const paragraph = { margin: '0 0 16px', fontSize: '16px', lineHeight: '1.5', color: theme.ink } as const;
const small = { margin: '0 0 12px', fontSize: '13px', lineHeight: '1.5', color: theme.inkSoft } as const;

function CodeBox({ code }: { code: string }) {
  return (
    <Text
      style={{
        margin: '8px 0 24px',
        padding: '16px',
        borderRadius: '12px',
        background: theme.brandSoft,
        textAlign: 'center',
        fontSize: '32px',
        fontWeight: 800,
        letterSpacing: '8px',
        color: theme.ink,
        fontFamily: theme.mono,
      }}
    >
      {code}
    </Text>
  );
}

function Details({ rows }: { rows: NonNullable<MailContent['details']> }) {
  return (
    <Section style={{ margin: '0 0 20px', borderRadius: '12px', background: theme.page, padding: '4px 16px' }}>
      {rows.map((row) => (
        <Text key={row.label} style={{ margin: '10px 0', fontSize: '15px', lineHeight: '1.4', color: theme.ink }}>
          <span style={{ color: theme.inkSoft }}>{row.label}: </span>
          <strong>{row.value}</strong>
        </Text>
      ))}
    </Section>
  );
}

function List({ list }: { list: NonNullable<MailContent['list']> }) {
  return (
    <Section style={{ margin: '0 0 20px' }}>
      <Heading as="h2" style={{ margin: '0 0 8px', fontSize: '17px', color: theme.ink }}>
        {list.heading}
      </Heading>
      {list.items.map((item, i) => (
        <Text key={i} style={{ ...paragraph, margin: '0 0 6px' }}>
          • {item}
        </Text>
      ))}
    </Section>
  );
}

function Action({ action }: { action: NonNullable<MailContent['action']> }) {
  return (
    <Section style={{ margin: '8px 0 16px', textAlign: 'center' }}>
      {/* The text part reads the link line below instead: the address written out. */}
      <Button
        data-skip-in-text={true}
        href={action.url}
        style={{
          padding: '14px 28px',
          borderRadius: '999px',
          background: theme.brandStrong,
          color: '#ffffff',
          fontWeight: 800,
          fontSize: '16px',
        }}
      >
        {action.label}
      </Button>
      <Text style={{ ...small, margin: '16px 0 8px', textAlign: 'left', wordBreak: 'break-all' }}>
        If the button does not work, open this link:{' '}
        <Link href={action.written ?? action.url} style={{ color: theme.brandStrong }}>
          {action.written ?? action.url}
        </Link>
      </Text>
    </Section>
  );
}

function Keep({ keep }: { keep: NonNullable<MailContent['keep']> }) {
  return (
    <Section style={{ margin: '0 0 20px' }}>
      <Heading as="h2" style={{ margin: '0 0 8px', fontSize: '17px', color: theme.ink }}>
        {keep.heading}
      </Heading>
      <Text style={small}>{keep.note}</Text>
      <Text
        style={{
          margin: 0,
          padding: '12px',
          borderRadius: '8px',
          background: theme.page,
          border: `1px solid ${theme.line}`,
          fontFamily: theme.mono,
          fontSize: '12px',
          lineHeight: '1.5',
          color: theme.ink,
          wordBreak: 'break-all',
        }}
      >
        {keep.lines.map((line, i) => (
          <span key={i}>
            {line}
            <br />
          </span>
        ))}
      </Text>
    </Section>
  );
}

function Footer({ unsubscribe }: Pick<MailContent, 'unsubscribe'>) {
  return (
    <Section style={{ padding: '16px 24px 24px', borderTop: `1px solid ${theme.line}` }}>
      <Text style={{ ...small, fontSize: '12px', margin: 0 }}>
        Kujiya · Ichiban Kuji online, Singapore.{' '}
        {unsubscribe
          ? `You receive this e-mail because ${unsubscribe.what} e-mails are on for your account.`
          : 'You received this e-mail because of an action on your Kujiya account.'}
      </Text>
      {unsubscribe && (
        <Text style={{ ...small, fontSize: '12px', margin: '8px 0 0' }}>
          <Link href={unsubscribe.url} style={{ color: theme.brandStrong, textDecoration: 'underline' }}>
            Unsubscribe from {unsubscribe.what} e-mails
          </Link>
        </Text>
      )}
    </Section>
  );
}

/** The branded frame of every Kujiya mail: one column of at most 480 px, readable on a phone, no images. */
export function MailFrame({ content }: { content: MailContent }) {
  return (
    <Html lang="en">
      <Head>
        <meta name="viewport" content="width=device-width,initial-scale=1" />
        <title>{content.title}</title>
      </Head>
      <Preview>{content.title}</Preview>
      <Body style={{ margin: 0, padding: '24px 12px', background: theme.page, fontFamily: theme.font }}>
        <Container
          style={{ maxWidth: '480px', background: '#ffffff', borderRadius: '20px', border: `1px solid ${theme.line}` }}
        >
          <Section style={{ background: theme.brand, borderRadius: '20px 20px 0 0', padding: '20px 24px' }}>
            <Text style={{ margin: 0, color: '#ffffff', fontSize: '24px', fontWeight: 800, letterSpacing: '1px' }}>
              Kujiya <span style={{ fontSize: '14px', fontWeight: 600 }}>Ichiban Kuji</span>
            </Text>
          </Section>
          <Section style={{ padding: '28px 24px 8px' }}>
            <Heading as="h1" style={{ margin: '0 0 16px', fontSize: '22px', lineHeight: '1.3', color: theme.ink }}>
              {content.title}
            </Heading>
            {content.intro.map((p, i) => (
              <Text key={`i${i}`} style={paragraph}>
                {p}
              </Text>
            ))}
            {content.code && <CodeBox code={content.code} />}
            {content.details && <Details rows={content.details} />}
            {content.list && <List list={content.list} />}
            {content.action && <Action action={content.action} />}
            {content.keep && <Keep keep={content.keep} />}
            {(content.outro ?? []).map((p, i) => (
              <Text key={`o${i}`} style={paragraph}>
                {p}
              </Text>
            ))}
          </Section>
          <Hr style={{ display: 'none' }} />
          <Footer unsubscribe={content.unsubscribe} />
        </Container>
      </Body>
    </Html>
  );
}
