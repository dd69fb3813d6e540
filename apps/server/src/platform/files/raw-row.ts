/** One row of a sheet as read: its number as the sheet shows it (1 = the first), cell texts by column. */
export type RawRow = { row: number; cells: string[] };
