/**
 * The e-mail that gives an organiser a one-time link to set the password of their account (made
 * by the owner on /admin/team; decision 044). Pure: everything is in the props.
 */
import { EmailLayout, Facts, LinkList, P } from './layout';

/** To an organiser whose account was made or who asked for a new link: the link, its roles and when the link stops working. */
export function AccountLinkEmail(p: { name: string; email: string; roles: string; link: string; expires: string; conference: string; fresh: boolean }) {
  return (
    <EmailLayout preview={`Set your password for the ${p.conference} admin area.`} heading={p.fresh ? 'Your organiser account' : 'A new link to set your password'}>
      <P>Dear {p.name},</P>
      <P>
        {p.fresh
          ? `An account was made for you in the ${p.conference} admin area. Set your password with the link below; then sign in with your e-mail address and that password.`
          : `Here is a new link to set the password of your ${p.conference} admin account. Earlier links no longer work.`}
      </P>
      <Facts rows={[['Sign-in e-mail', p.email], ['Roles', p.roles], ['Link works until', p.expires]]} />
      <LinkList links={[['Set your password', p.link]]} />
      <P>The link works once. If you did not expect this e-mail, ignore it and tell the organisers.</P>
    </EmailLayout>
  );
}
