// The rules page's prizes and "how winners are decided", per draw mode, in plain Portuguese.
import { GAME_INFINITIVES, GAME_SUBJECTS, gameOf } from "@/lib/games/names";
import type { RulesPageData } from "@/lib/spins/rules-page";

/** A chance in percent (2 decimals); a real chance that rounds to zero is not "0%". */
const percent = (p: number) =>
  p !== 0 ? `${p.toLocaleString("pt-BR", { maximumFractionDigits: 2 })}%` : "menos de 0,01%";

export function PrizeTable({ data }: { data: RulesPageData }) {
  const mode = data.wheel.drawMode;
  return (
    <table className="mt-2 w-full border-collapse text-left text-sm">
      <thead>
        <tr className="border-b border-gray-400">
          <th scope="col" className="py-2 pr-3">
            Prêmio
          </th>
          <th scope="col" className="py-2 pr-3">
            Quantidade
          </th>
          {mode === "random" && (
            <th scope="col" className="py-2">
              Chance por giro
            </th>
          )}
          {mode === "counter" && (
            <th scope="col" className="py-2">
              Ganha a cada
            </th>
          )}
        </tr>
      </thead>
      <tbody>
        {data.prizes.map((p) => (
          <tr key={p.id} className="border-b border-gray-200 align-top">
            <td className="py-2 pr-3">
              <span className="font-medium">{p.name}</span>
              <span className="block text-gray-700">{p.description}</span>
            </td>
            <td className="py-2 pr-3">{p.quantity.toLocaleString("pt-BR")}</td>
            {mode === "random" && (
              <td className="py-2">
                {p.available ? percent(p.probability) : "esgotado"}
                {p.dailyLimit && <span className="block text-gray-700">até {p.dailyLimit} por dia</span>}
              </td>
            )}
            {mode === "counter" && <td className="py-2">{p.winEvery ? `${p.winEvery} participações` : "—"}</td>}
          </tr>
        ))}
      </tbody>
    </table>
  );
}

export function HowWinnersAreChosen({ data }: { data: RulesPageData }) {
  const { wheel } = data;
  const label = `“${wheel.noPrizeLabel}”`;
  const game = gameOf(wheel.game);
  // The game only shows the server's draw (docs/decisions/games.md "One draw, three reveals").
  const only = `${GAME_SUBJECTS[game]} é apenas ${game === "gift" ? "ilustrativo" : "ilustrativa"}`;
  if (wheel.drawMode === "moments")
    return (
      <p>
        Promoção assemelhada a vale-brinde por data e horário (Lei nº 5.768/1971 e Portaria SEAE/ME nº 7.638/2022).
        Antes do início, foram definidos e registrados momentos ganhadores (data e hora), distribuídos ao longo do
        período, um para cada unidade de prêmio. Ganha o prêmio de um momento o primeiro participante que{" "}
        {GAME_INFINITIVES[game]} nesse momento ou depois dele, enquanto o momento não tiver sido utilizado. Os demais
        participantes recebem a mensagem {label}. {only}: o resultado é definido pelos momentos ganhadores.
      </p>
    );
  if (wheel.drawMode === "counter")
    return (
      <p>
        Promoção assemelhada a vale-brinde por ordem de participação (Lei nº 5.768/1971 e Portaria SEAE/ME nº
        7.638/2022). Cada participação recebe um número, na ordem em que é registrada. Ganha o prêmio o participante
        cujo número for múltiplo do intervalo “ganha a cada” do prêmio (quando mais de um prêmio se aplica, vale o de
        maior intervalo), enquanto houver unidades desse prêmio. Os demais participantes recebem a mensagem {label}.{" "}
        {only}: o resultado é definido pela ordem de participação.
      </p>
    );
  return (
    <p>
      O resultado de cada giro é sorteado eletronicamente pelo sistema, com as chances da tabela acima, entre os prêmios
      com unidades disponíveis
      {wheel.noPrizeWeight > 0 && (
        <>
          {" "}
          e o resultado {label} ({percent(data.noPrizeProbability)} de chance)
        </>
      )}
      . As chances mudam quando um prêmio se esgota ou atinge o seu limite do dia.
    </p>
  );
}
