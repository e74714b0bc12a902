//! The opening explorer (issue 54.2): the shipped book of master games reads back, and the
//! position index and its shards key positions by board and side to move.

use xiangqi_club::explorer::book::{Book, BookGame};
use xiangqi_club::explorer::index::{Index, Keep, Played};
use xiangqi_club::explorer::shard::{self, GameInfo, Shard};
use xiangqi_club::explorer::{key, Outcome};
use xiangqi_club::xiangqi::ecco::Ecco;
use xiangqi_club::xiangqi::{Move, Position, START_FEN};

const BOOK: &[u8] = include_bytes!("../src/explorer/master_games.xqb");

fn moves(line: &str) -> Vec<Move> {
    line.split_whitespace()
        .map(|m| m.parse().unwrap())
        .collect()
}

fn find(book: &Book, f: impl Fn(&BookGame) -> bool) -> &BookGame {
    book.games()
        .iter()
        .find(|g| f(g))
        .expect("the game is in the book")
}

#[test]
fn the_shipped_book_holds_the_datasets_distinct_games() {
    let book = Book::read(BOOK).unwrap();
    // 53,812 games in the dataset's 對局 folder, 38,696 once each (docs/benchmarks.md).
    assert_eq!(book.games().len(), 38_696);
    // 對局/大師對局/以棋手分類/楊官璘/00000650.pgn
    let g = find(&book, |g| {
        g.red == "張雄飛" && g.black == "楊官璘" && g.date == "1955.5"
    });
    assert_eq!(g.event, "張雄飛先負楊官璘(1955.5於北京)");
    assert_eq!(g.outcome, Outcome::BlackWin);
    assert_eq!(g.ecco, Ecco::parse("C84"));
    assert_eq!(g.year(), Some(1955));
    // 炮二平五 馬８進７ 馬二進三 車９平８ 車一平二 馬２進３
    assert_eq!(g.moves[..6], moves("h2e2 h9g7 h0g2 i9h9 i0h0 b9c7")[..]);
    // 對局/大師對局/以賽事分類/五羊杯/00000100.pgn: no names or date but in the event.
    let g = find(&book, |g| g.event == "20090222第二輪第三臺柳大華先負趙鑫鑫");
    assert_eq!((g.outcome, g.ecco), (Outcome::BlackWin, Ecco::parse("C14")));
    assert_eq!(g.year(), Some(2009));
    assert_eq!(g.moves[..6], moves("h2e2 h9g7 h0g2 i9h9 c3c4 g6g5")[..]);
    // Every game starts from the initial position and replays.
    assert!(book.games().iter().all(|g| {
        let mut p = Position::start();
        g.moves.iter().all(|&m| p.play(m).is_ok())
    }));
}

/// An index of `lines` keeping every position, each showing up to two games.
fn index_of(lines: &[Vec<Move>]) -> Index {
    let played: Vec<Played> = lines
        .iter()
        .map(|m| Played {
            moves: m,
            outcome: Outcome::RedWin,
            year: Some(2000),
        })
        .collect();
    let keep = Keep {
        min_games: 1,
        plies: 100,
        top: 2,
    };
    Index::build(&played, keep, |_| 0)
}

fn after(line: &str) -> u64 {
    let mut p = Position::start();
    for m in moves(line) {
        p.play(m).unwrap();
    }
    key(&p)
}

#[test]
fn transpositions_reach_the_same_entry() {
    let index = index_of(&[
        moves("h2e2 h9g7 b0c2 b9c7"),
        moves("b0c2 b9c7 h2e2 h9g7 i0h0"),
    ]);
    let k = after("h2e2 h9g7 b0c2 b9c7");
    assert_eq!(k, after("b0c2 b9c7 h2e2 h9g7"));
    let e = index.entry(k).unwrap();
    assert_eq!(e.total.games, 2);
    assert_eq!(e.moves, vec![(moves("i0h0")[0], e.moves[0].1)]);
    assert_eq!(e.moves[0].1.games, 1);
    assert_eq!(e.top, vec![0, 1]);
    // The start: two games, a move each.
    let start = index.entry(key(&Position::start())).unwrap();
    assert_eq!(start.total.games, 2);
    assert_eq!(start.moves.len(), 2);
}

#[test]
fn the_same_board_with_the_other_side_to_move_is_another_entry() {
    // Red loses a move with its rook (a0-a1-a2-a0), Black with its own (a9-a8-a9): the board
    // after 炮二平五 炮８平５ again, but Black to move.
    let index = index_of(&[
        moves("h2e2 h7e7 i0i1"),
        moves("h2e2 h7e7 a0a1 a9a8 a1a2 a8a9 a2a0 b9c7"),
    ]);
    let red = after("h2e2 h7e7");
    let black = after("h2e2 h7e7 a0a1 a9a8 a1a2 a8a9 a2a0");
    assert_ne!(red, black);
    let black_fen = START_FEN.replace(" w ", " b ");
    assert_ne!(
        key(&Position::from_fen(START_FEN).unwrap()),
        key(&Position::from_fen(&black_fen).unwrap())
    );
    assert_eq!(index.entry(red).unwrap().total.games, 2);
    let e = index.entry(black).unwrap();
    assert_eq!(e.total.games, 1);
    assert_eq!(e.moves[0].0, moves("b9c7")[0]);
}

#[test]
fn shards_read_back_what_they_wrote_and_find_each_position() {
    let book = Book::read(BOOK).unwrap();
    let games = &book.games()[..400];
    let played: Vec<Played> = games.iter().map(Played::of).collect();
    let keep = Keep {
        min_games: 2,
        plies: 30,
        top: 3,
    };
    let index = Index::build(&played, keep, |n| {
        games[n as usize].year().unwrap_or(0) as u64
    });
    let shards = shard::shards(&index, |n| GameInfo::of(&games[n as usize]));
    assert!(shards.len() > 1);
    for (n, s) in &shards {
        let text = s.write();
        assert!(text.len() <= shard::MAX_SHARD_BYTES);
        let back = Shard::parse(&text).unwrap();
        assert_eq!(&back, s, "shard {n}");
        assert_eq!(back.write(), text);
    }
    for (k, e) in index.entries() {
        let s = &shards[&shard::shard_of(k)];
        assert_eq!(s.entry(k), Some(e));
        assert!(e.top.iter().all(|n| s.games.contains_key(n)));
    }
    let start = index.entry(key(&Position::start())).unwrap();
    assert_eq!(start.total.games, 400);
    let sum: u32 = start.moves.iter().map(|(_, t)| t.games).sum();
    assert_eq!(sum, 400);
}
