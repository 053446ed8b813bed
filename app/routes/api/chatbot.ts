import { listChatbotAnswers } from "~/domain/chatbot/chatbot.server";

/**
 * The chatbot's answers, in stored order, for the widget to reply in the browser.
 * Public; cached briefly so an edit in the back office shows within a minute.
 */
export async function loader() {
  const answers = await listChatbotAnswers();
  return Response.json({ answers }, { headers: { "Cache-Control": "public, max-age=60" } });
}
