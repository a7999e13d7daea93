/** What a /contact message is about; kept apart from the zod schemas so the form can list them without zod. */
export const CONTACT_TOPICS = ['sales', 'support', 'billing', 'partnership', 'abuse', 'other'] as const;
export type ContactTopic = (typeof CONTACT_TOPICS)[number];
