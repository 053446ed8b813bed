export type MoveDirection = "up" | "down";

/**
 * The ids in their new order after moving `id` one place up or down, or null when it
 * cannot move (unknown, already first or last). Renumbering the whole list from this
 * (0, 1, 2…) also repairs equal sort orders, which a plain swap of two values would keep.
 */
export function moveInList<Id>(ids: readonly Id[], id: Id, direction: MoveDirection): Id[] | null {
  const from = ids.indexOf(id);
  const to = direction === "up" ? from - 1 : from + 1;
  if (from === -1 || to < 0 || to >= ids.length) return null;
  const next = [...ids];
  [next[from], next[to]] = [next[to] as Id, next[from] as Id];
  return next;
}

export function parseMoveDirection(value: unknown): MoveDirection | null {
  return value === "up" || value === "down" ? value : null;
}
