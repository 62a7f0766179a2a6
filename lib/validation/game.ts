// The game of a wheel (docs/api.md "Games on the same draw"): how the draw is revealed.
import { GAMES } from "@/lib/games/names";
import { z } from "./z";

export const GAME_MESSAGE = "Jogo inválido: use wheel, scratch ou gift";

export const gameInput = z.enum(GAMES, { error: GAME_MESSAGE });
