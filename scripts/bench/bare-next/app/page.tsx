import { Counter } from "./counter";

export default function Page() {
  return (
    <main>
      <h1>Bare Next.js page</h1>
      <Counter />
    </main>
  );
}
