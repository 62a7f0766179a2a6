// The games a wheel's draw can be revealed by (docs/api.md "Games on the same draw"), and
// their pt-BR names. Zod-free: the public page's client island reads it.
export const GAMES = ["wheel", "scratch", "gift"] as const;
export type Game = (typeof GAMES)[number];

export const GAME_LABELS: Record<Game, string> = {
  wheel: "Roleta",
  scratch: "Raspadinha",
  gift: "Abra o presente",
};

/** What the visitor does, as the rules page and the form's intro say it ("… e gire a roleta"). */
export const GAME_ACTIONS: Record<Game, string> = {
  wheel: "gire a roleta",
  scratch: "raspe a raspadinha",
  gift: "abra o presente",
};

/** A stored value as a game (an unknown one, never written by the API, reads as the wheel). */
export const gameOf = (value: string | null | undefined): Game =>
  (GAMES as readonly string[]).includes(value ?? "") ? (value as Game) : "wheel";

/** The rules page's "who plays at that moment" ("o primeiro participante que girar a roleta"). */
export const GAME_INFINITIVES: Record<Game, string> = {
  wheel: "girar a roleta",
  scratch: "raspar a raspadinha",
  gift: "abrir o presente",
};

/** The game as the subject of a rules sentence ("A roleta é apenas ilustrativa"). */
export const GAME_SUBJECTS: Record<Game, string> = {
  wheel: "A roleta",
  scratch: "A raspadinha",
  gift: "O presente",
};
