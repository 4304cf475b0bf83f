/**
 * Institutional mail only (spec section 5 'Mail must be institutional'):
 * with ALLOWED_EMAIL_DOMAINS set, the address's domain must be one of them.
 */
export function isInstitutionalEmail(email: string, allowedDomains: string[]): boolean {
  if (allowedDomains.length === 0) return true;
  const domain = email.split('@').pop()?.toLowerCase() ?? '';
  return allowedDomains.includes(domain);
}
