"use client";
// "Jogo" of the wheel editor's "Aparência" (issue 42): how the public page reveals the draw. The
// preview beside it follows the choice; the draw, prizes and rules stay the same whatever the game.
import type { UseFormReturn } from "react-hook-form";
import { GAME_LABELS, GAMES, type Game } from "@/lib/games/names";
import type { WheelFormOutput, WheelFormValues } from "@/lib/validation/wheels";

type Form = UseFormReturn<WheelFormValues, unknown, WheelFormOutput>;

const HINTS: Record<Game, string> = {
  wheel: "O visitante gira a roleta com as fatias dos prêmios.",
  scratch: "O visitante raspa um cartão com o dedo ou o mouse.",
  gift: "O visitante toca no presente para abri-lo.",
};

export function GameField({ form }: { form: Form }) {
  const error = form.formState.errors.game?.message;
  return (
    <fieldset>
      <legend className="mb-2 block text-sm font-medium text-gray-700">Jogo</legend>
      <div className="grid gap-2 sm:grid-cols-3">
        {GAMES.map((game) => (
          <label
            key={game}
            className="flex cursor-pointer items-start gap-2 rounded-lg border border-gray-300 p-3 text-sm has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
          >
            <input type="radio" value={game} className="mt-0.5 accent-brand-600" {...form.register("game")} />
            <span>
              <span className="block font-semibold text-gray-900">{GAME_LABELS[game]}</span>
              <span className="block text-gray-600">{HINTS[game]}</span>
            </span>
          </label>
        ))}
      </div>
      {error && <p className="mt-1 text-sm text-red-700">{error}</p>}
      <p className="mt-2 text-sm text-gray-600">
        O sorteio, os prêmios e o regulamento são os mesmos em qualquer jogo: o resultado é decidido pelo servidor antes
        de ser revelado.
      </p>
    </fieldset>
  );
}
