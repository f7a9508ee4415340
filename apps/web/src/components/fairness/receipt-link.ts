/** "3 draws" / "1 draw" (tickets and any lottery or double-chance picks). */
export const entriesText = (count: number) => `${count} ${count === 1 ? 'draw' : 'draws'}`;
