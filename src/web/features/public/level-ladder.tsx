const LEVELS = [
  { level: 1, voters: '10', text: 'Ten voters of a district form a caucus and unanimously elect a Delegate.' },
  { level: 2, voters: '100', text: 'Ten level 1 Delegates caucus together and elect a level 2 Delegate.' },
  { level: 3, voters: '1,000', text: 'Ten level 2 Delegates elect a level 3 Delegate.' },
  { level: 4, voters: '10,000', text: 'Ten level 3 Delegates elect a level 4 Delegate.' },
  { level: 5, voters: '100,000', text: "The level 5 caucus elects the district's Candidate, who can broadcast to the whole district." },
];

/** The five-level explanation shared by the landing and welcome pages. */
export function LevelLadder() {
  return (
    <ol className="mt-6 grid gap-3 md:grid-cols-5">
      {LEVELS.map((l) => (
        <li key={l.level} className="rounded-2xl border border-navy-100 bg-navy-50 p-4">
          <p className="text-sm font-semibold text-accent-700">Level {l.level}</p>
          <p className="mt-1 text-2xl font-bold text-navy-800">{l.voters}</p>
          <p className="text-xs text-slate-600">voters represented</p>
          <p className="mt-2 text-sm text-slate-700">{l.text}</p>
        </li>
      ))}
    </ol>
  );
}
