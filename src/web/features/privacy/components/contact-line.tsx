/**
 * PRIVACY_CONTACT as the operator wrote it: an e-mail address becomes a mailto: link, a web address a link, anything
 * else (a postal address) plain text, its lines kept.
 */
export function ContactLine({ contact }: { contact: string }) {
  if (/^[^\s@<>]+@[^\s@<>]+\.[^\s@<>]+$/.test(contact)) {
    return <a href={`mailto:${contact}`}>{contact}</a>;
  }
  if (/^https?:\/\/\S+$/i.test(contact)) {
    return <a href={contact}>{contact}</a>;
  }
  return (
    <span className="privacy__contact" dir="auto">
      {contact}
    </span>
  );
}
