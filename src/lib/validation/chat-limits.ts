/**
 * Longest question the helper takes (docs/decisions/015-chat-helper.md: questions are length-limited); the input shows the count. Kept
 * apart from the zod schema (`chat.ts`) so the chat panel, which only needs the number, opens without zod.
 */
export const CHAT_QUESTION_MAX = 500;
