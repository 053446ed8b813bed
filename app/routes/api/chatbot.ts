import { getChatbotKnowledge } from "~/domain/chatbot/chatbot.server";

/**
 * The chatbot's answers, in stored order, with their live facts ({horario}, {envios}…)
 * filled in, and the owner's synonyms, for the widget to reply in the browser. Public;
 * cached briefly so an edit in the back office shows within a minute.
 */
export async function loader() {
  return Response.json(await getChatbotKnowledge(), { headers: { "Cache-Control": "public, max-age=60" } });
}
