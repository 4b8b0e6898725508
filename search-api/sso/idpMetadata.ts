// Reads what the product needs from a SAML identity provider's metadata XML: its entity id, the single sign-on URL
// of the HTTP-Redirect binding, and its signing certificates. The XML is pasted by an admin: it is only parsed
// (htmlparser2 in XML mode: no DTDs, no entities, no external fetches), and anything missing is refused by name.
import { DomUtils, parseDocument } from 'htmlparser2';

const REDIRECT_BINDING = 'urn:oasis:names:tc:SAML:2.0:bindings:HTTP-Redirect';

export type IdpMetadata = { entityId: string; ssoUrl: string; certificates: string[] };

export class MetadataError extends Error {}

/** The local name of a (possibly prefixed) element name: md:EntityDescriptor → EntityDescriptor. */
const local = (name: string) => name.slice(name.indexOf(':') + 1);
const byLocal = (root: { children: Parameters<typeof DomUtils.findAll>[1] }, name: string) =>
  DomUtils.findAll((e) => local(e.name) === name, root.children);

export function parseIdpMetadata(xml: string): IdpMetadata {
  const doc = parseDocument(xml, { xmlMode: true });
  const entity = byLocal(doc, 'EntityDescriptor')[0];
  const entityId = entity?.attribs.entityID?.trim();
  if (!entity || !entityId) throw new MetadataError('no EntityDescriptor with an entityID');
  const idp = byLocal(entity, 'IDPSSODescriptor')[0];
  if (!idp) throw new MetadataError('no IDPSSODescriptor');
  const sso = byLocal(idp, 'SingleSignOnService').find((e) => e.attribs.Binding === REDIRECT_BINDING);
  const ssoUrl = sso?.attribs.Location?.trim();
  if (!ssoUrl || !/^https?:\/\//i.test(ssoUrl)) throw new MetadataError('no SingleSignOnService with the HTTP-Redirect binding');
  const certificates = byLocal(idp, 'KeyDescriptor')
    .filter((k) => (k.attribs.use ?? 'signing') === 'signing')
    .flatMap((k) => byLocal(k, 'X509Certificate'))
    .map((c) => DomUtils.textContent(c).replace(/\s+/g, ''))
    .filter(Boolean);
  if (!certificates.length) throw new MetadataError('no signing certificate');
  return { entityId, ssoUrl, certificates: [...new Set(certificates)] };
}
