// A process as data (docs/architecture.md#processes): its states, and for each move the states it is made from and
// leads to, who may make it, what must also hold, and the deadline that makes a system move due. The server's runner
// checks a move against its table, the web offers a person the moves the table gives them, and the docs draw the
// table as a diagram. Nothing else decides who may do what when.

/** Who makes a move: the buyer or the seller of the thing, an admin, or the shop itself when a deadline passes. */
export type ProcessActor = 'buyer' | 'seller' | 'admin' | 'system'

export interface Transition<State extends string, Condition extends string> {
  /** The move in a few words, for the diagram ("seller ships"). */
  label: string
  /** The states it is made from. */
  from: readonly State[]
  /** The states it leads to: one, or one per outcome (an admin's resolution releases or refunds). */
  to: readonly State[]
  /** It may also leave the state as it was (a refund in part; an answer to a dispute). */
  stays?: boolean
  /** Who may make it. */
  actors: readonly ProcessActor[]
  /** What must also hold, besides the state; each has a refusal of its own. */
  when?: readonly Condition[]
  /** For a move the shop makes: the stored deadline at which it is due. */
  deadline?: string
}

export type Process<State extends string, Move extends string, Condition extends string> = Record<
  Move,
  Transition<State, Condition>
>

/** The moves of `process`, in its order, that someone with these parts may make from `state`, where `holds` says which conditions hold. */
export function movesFor<State extends string, Move extends string, Condition extends string>(
  process: Process<State, Move, Condition>,
  state: State,
  parts: readonly ProcessActor[],
  holds: (condition: Condition) => boolean,
): Move[] {
  return (Object.keys(process) as Move[]).filter((move) => {
    const t = process[move]
    return t.from.includes(state) && t.actors.some((a) => parts.includes(a)) && (t.when ?? []).every((c) => holds(c))
  })
}

/**
 * The process as a Mermaid state diagram: one arrow per move and state it leads to (a move that leaves the state as
 * it was draws a loop), labelled with who makes it and, for the shop's moves, the deadline.
 */
export function mermaidOf<State extends string, Move extends string, Condition extends string>(
  process: Process<State, Move, Condition>,
  start: State,
): string {
  const lines = ['stateDiagram-v2', `  [*] --> ${start}`]
  for (const move of Object.keys(process) as Move[]) {
    const t = process[move]
    const who = t.deadline ? `at ${t.deadline}` : t.actors.join(' or ')
    for (const from of t.from) {
      for (const to of t.to) lines.push(`  ${from} --> ${to}: ${t.label} (${who})`)
      if (t.stays && !t.to.includes(from)) lines.push(`  ${from} --> ${from}: ${t.label} (${who})`)
    }
  }
  return `${lines.join('\n')}\n`
}
