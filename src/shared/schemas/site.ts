/** GET /api/config: public settings the client shows, such as the contact page's details. */
export interface PublicConfig {
  contact: { phone: string; email: string; postalAddress: string };
}
