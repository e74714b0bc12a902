// The small puzzle collection the #/train end-to-end tests serve in place of public/puzzles/
// (page.route), so that they do not depend on the shipped data.

/** Three made-up puzzles: two mates in one (each with a second mating move) and a king walk. */
export const PUZZLES = [
  // Black's chariots on a1 and i1; Red's king can only step to f0; then a1a0 (or i1i0) mates.
  { id: 'twomates', fen: '3k5/9/9/9/9/9/9/9/r7r/4K4 w - - 0 1', moves: ['e0f0', 'a1a0'], themes: ['mate_in_1', 'double_chariot'], rating: 1000, deviation: 80, source: { collection: 'games', red: '甲', black: '乙', event: 'Test', move_number: 30 } },
  // A line to follow (the session follows it; the generator judged it): two moves of Black's king.
  { id: 'kingwalk', fen: '4k4/9/9/9/9/9/9/9/9/R2K5 w - - 0 1', moves: ['d0d1', 'e9e8', 'd1d2', 'e8e7'], themes: ['endgame'], rating: 1300, deviation: 80, source: { collection: 'games', red: '丙', black: '丁', move_number: 41 } },
  // Red's chariots on a8 and i8; Black's king can only step to f9; then a8a9 (or i8i9) mates.
  { id: 'redmates', fen: '4k4/R7R/9/9/9/9/9/9/9/3K5 b - - 0 1', moves: ['e9f9', 'a8a9'], themes: ['mate_in_1', 'double_chariot'], rating: 1500, deviation: 80, source: { collection: 'games', red: '戊', black: '己', move_number: 25 } },
];

/** Two classic endgames (残局) to play against the engine from their own positions, as the
 * shipped studies are: Black, its record's winner, is to move and mates at once, or plays on; then a
 * draw study (和局) where Red's king takes the chariot and holds the draw. */
export const STUDIES = [
  { id: 'study001', fen: '3k5/9/9/9/9/9/9/9/r7r/5K3 b - - 1 1', moves: ['d9d8', 'f0e0'], themes: ['endgame'], rating: 1200, deviation: 80, player: 'Black', source: { collection: 'endgames', game: '双车杀王' } },
  { id: 'study002', fen: '3k5/9/9/9/9/9/9/9/4r4/4K4 w - - 0 1', moves: ['e0e1'], themes: ['endgame'], rating: 1500, deviation: 80, player: 'Red', draw: true, source: { collection: 'endgames', game: '帅吃车守和' } },
];

const THEMES = { mate_in_1: 2, double_chariot: 2, endgame: 1 };
export const INDEX = {
  version: 1, count: 5, shard_size: 200, collections: { games: 3, endgames: 2 }, themes: { ...THEMES, endgame: 3 },
  bands: [{ from: 1000, count: 1 }, { from: 1200, count: 1 }, { from: 1400, count: 1 }],
  shards: [
    { file: 'games-000.json', collection: 'games', count: 3, min_rating: 1000, max_rating: 1500, themes: THEMES },
    { file: 'endgames-000.json', collection: 'endgames', count: 2, min_rating: 1200, max_rating: 1500, themes: { endgame: 2 } },
  ],
  credit: { dataset: 'Chinese Chess Practical Dataset', url: 'https://github.com/Yvonne761/Chinese-Chess-Practical-Dataset', licence: 'CC BY 4.0', licence_url: 'https://creativecommons.org/licenses/by/4.0/', changes: 'test' },
};
export const SHARD = { version: 1, collection: 'games', puzzles: PUZZLES };
export const ENDGAMES = { version: 1, collection: 'endgames', puzzles: STUDIES };

/** Serves the collection above in `context` in place of public/puzzles/. */
export async function routeData(context) {
  const json = (body) => (r) => r.fulfill({ contentType: 'application/json', body: JSON.stringify(body) });
  await context.route('**/public/puzzles/index.json', json(INDEX));
  await context.route('**/public/puzzles/games-000.json', json(SHARD));
  await context.route('**/public/puzzles/endgames-000.json', json(ENDGAMES));
}

