//! A catalogue of game endings built from the text of the 1999 rules: one or more cases per clause
//! of chapters 6 and 7 (articles 25–29, 细则 1–13), each named after its clause, plus checkmate,
//! stalemate, resignation, draw offers, the move limit and simple draws (chapter 1, article 23).
//!
//! Every position is built with `Position::from_fen`, which refuses illegal setups.

use xiangqi_club::lang::{Lang, Say};
use xiangqi_club::xiangqi::game::{Game, GameError, GameResult, OfferOutcome, Reason};
use xiangqi_club::xiangqi::rules::{
    classify, judge_cycle, Chased, ClassifiedMove, CycleRuling, IdleKind, MoveKind,
};
use xiangqi_club::xiangqi::{Color, Move, Piece, Position, Role, Square};

/// A FEN from pieces like `"K e0"` (uppercase Red) and the side to move (`'w'` or `'b'`).
fn fen(pieces: &[&str], turn: char) -> String {
    let mut board = [[' '; 9]; 10];
    for p in pieces {
        let (c, s) = p.split_once(' ').unwrap();
        let sq = Square::parse(s).unwrap();
        let cell = &mut board[sq.rank() as usize][sq.file() as usize];
        assert_eq!(*cell, ' ', "two pieces on {s}");
        *cell = c.chars().next().unwrap();
    }
    let ranks: Vec<String> = (0..10)
        .rev()
        .map(|r| {
            let mut out = String::new();
            let mut empty = 0;
            for &cell in &board[r] {
                match cell {
                    ' ' => empty += 1,
                    c => {
                        if empty > 0 {
                            out.push_str(&empty.to_string());
                            empty = 0;
                        }
                        out.push(c);
                    }
                }
            }
            if empty > 0 {
                out.push_str(&empty.to_string());
            }
            out
        })
        .collect();
    let fen = format!("{} {turn} - - 0 1", ranks.join("/"));
    Position::from_fen(&fen).unwrap_or_else(|e| panic!("{fen}: {e}"));
    fen
}

fn pos(pieces: &[&str], turn: char) -> Position {
    Position::from_fen(&fen(pieces, turn)).unwrap()
}

fn mv(s: &str) -> Move {
    Move::from_iccs(s).unwrap()
}

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

/// The classification of one move.
fn kind(pieces: &[&str], turn: char, m: &str) -> MoveKind {
    classify(&pos(pieces, turn), mv(m)).unwrap_or_else(|| panic!("{m} is illegal"))
}

fn chased(k: &MoveKind) -> Vec<Square> {
    match k {
        MoveKind::Chase(t) => t.iter().map(|t| t.square).collect(),
        _ => Vec::new(),
    }
}

/// Plays `moves` (space-separated ICCS) from the position and returns the game.
fn play(pieces: &[&str], turn: char, moves: &str) -> Game {
    let list: Vec<&str> = moves.split_whitespace().collect();
    Game::from_iccs(&fen(pieces, turn), &list).unwrap_or_else(|e| panic!("{e}"))
}

/// `moves` repeated `times` times.
fn times(moves: &str, times: usize) -> String {
    vec![moves; times].join(" ")
}

fn summary(g: &Game) -> String {
    g.verdict().map_or("none".into(), |v| v.summary())
}

// ---------------------------------------------------------------------------------------------
// Chapter 1: checkmate, stalemate, resignation, agreed draws, move limit, simple draws.

#[test]
fn clause_4_1_1_checkmate() {
    // One chariot holds rank 8, the other mates on rank 9.
    let g = play(&["K d0", "R a8", "R b2", "k e9", "p a6"], 'w', "b2b3");
    assert!(g.verdict().is_none());
    let g = play(&["K d0", "R a8", "R b2", "k e9", "p a6"], 'w', "b2b9");
    assert!(g.position().is_checkmate());
    let v = g.verdict().unwrap();
    assert_eq!(v.summary(), "1-0 checkmate 4.1.1");
    assert_eq!(v.say(Lang::Zh), "黑方被将死，红方胜（第4.1.1条）");
    assert_eq!(v.say(Lang::En), "Black is checkmated (rule 4.1.1)");
}

#[test]
fn clause_4_1_3_stalemate_loses() {
    // Black's king on d9 has no move and Black no other piece that can move: 困毙 is a loss.
    let g = play(&["K e0", "R f1", "P c8", "k d9", "p a2"], 'w', "f1f8");
    // d9: d8 covered by the chariot on rank 8 and the pawn, e9 by facing kings; the black pawn
    // on a2 has reached the last rank but can still move sideways: no stalemate yet.
    assert!(g.verdict().is_none());
    let g = play(&["K e0", "R f1", "P c8", "k d9"], 'w', "f1f8");
    let v = g.verdict().unwrap();
    assert_eq!(v.summary(), "1-0 stalemate 4.1.3");
    assert!(!g.position().is_check());
}

#[test]
fn clause_4_1_9_resignation_and_4_1_4_timeout() {
    let mut g = Game::new(Position::start());
    g.play(mv("h2e2")).unwrap();
    g.resign(Color::Black).unwrap();
    assert_eq!(g.verdict().unwrap().summary(), "1-0 resign 4.1.9");
    assert_eq!(
        g.play(mv("h9g7")),
        Err(xiangqi_club::xiangqi::PlayError::GameOver)
    );
    assert_eq!(g.resign(Color::Red), Err(GameError::GameOver));
    // Undoing the move takes the resignation back with it.
    g.undo();
    assert!(g.verdict().is_none());
    g.time_out(Color::Red).unwrap();
    assert_eq!(g.verdict().unwrap().summary(), "0-1 timeout 4.1.4");
}

#[test]
fn clause_23_1_draw_offers() {
    let mut g = Game::new(Position::start());
    // Only after one's own move.
    assert_eq!(g.offer_draw(), Err(GameError::NoMoveYet));
    g.play(mv("h2e2")).unwrap();
    assert_eq!(g.offer_draw(), Ok(OfferOutcome::Offered));
    assert_eq!(g.pending_offer(), Some(Color::Red));
    // Cannot be repeated or withdrawn while it stands.
    assert_eq!(g.offer_draw(), Err(GameError::OfferPending));
    // Declined by the opponent's move.
    g.play(mv("h9g7")).unwrap();
    assert_eq!(g.pending_offer(), None);
    g.play(mv("h0g2")).unwrap();
    // Red offers again without Black offering in between: a foul (9.1.3), no offer stands.
    assert_eq!(g.offer_draw(), Ok(OfferOutcome::Foul { fouls: 1 }));
    assert_eq!(g.pending_offer(), None);
    assert_eq!(g.accept_draw(), Err(GameError::NoOffer));
    // Black may offer: offers alternate.
    g.play(mv("i9h9")).unwrap();
    assert_eq!(g.offer_draw(), Ok(OfferOutcome::Offered));
    g.decline_draw().unwrap();
    g.play(mv("i0h0")).unwrap();
    // Red's turn to offer again is fine (Black offered last); Black accepts (4.2.2).
    assert_eq!(g.offer_draw(), Ok(OfferOutcome::Offered));
    g.accept_draw().unwrap();
    let v = g.verdict().unwrap();
    assert_eq!(v.summary(), "1/2-1/2 agreement 4.2.2");
    assert_eq!(v.say(Lang::Zh), "红方提和，对方同意，和棋（第4.2.2条）");
}

#[test]
fn clause_4_1_8_three_fouls_lose() {
    let mut g = Game::new(Position::start());
    let moves = ["h2e2", "h9g7", "h0g2", "i9h9", "i0h0", "b9c7", "b2c2"];
    g.play(mv(moves[0])).unwrap();
    assert_eq!(g.offer_draw(), Ok(OfferOutcome::Offered));
    for (i, m) in moves[1..].iter().enumerate() {
        g.play(mv(m)).unwrap();
        if i % 2 == 1 {
            // Red's moves: every further offer by Red is a foul (9.1.3).
            let fouls = (i as u32).div_ceil(2);
            assert_eq!(g.offer_draw(), Ok(OfferOutcome::Foul { fouls }));
        }
    }
    let v = g.verdict().unwrap();
    assert_eq!(v.summary(), "0-1 fouls 4.1.8");
    // The record survives a save and restore, fouls included.
    let json = serde_json::to_string(&g).unwrap();
    let back: Game = serde_json::from_str(&json).unwrap();
    assert_eq!(back.verdict().unwrap().summary(), "0-1 fouls 4.1.8");
    assert_eq!(back.fouls(Color::Red), 3);
}

/// Two chariots walking closed loops of 18 and 17 moves (no capture, no check): no position
/// comes back before ply 306, so only the move limit can end the game.
fn walk_start() -> Position {
    pos(&["K e0", "P e3", "R a1", "k f9", "a f7", "r a6"], 'w')
}

fn walk(g: &mut Game, plies: usize) {
    let files = "abcdefghi";
    let f = |i: usize| files.as_bytes()[i] as char;
    let mut red: Vec<String> = Vec::new();
    for i in 0..9 {
        red.push(format!("{}1", f(i)));
    }
    for i in (0..9).rev() {
        red.push(format!("{}2", f(i)));
    }
    let mut black: Vec<String> = Vec::new();
    for i in 0..9 {
        black.push(format!("{}6", f(i)));
    }
    black.push("i5".into());
    for i in (0..7).rev() {
        black.push(format!("{}5", f(i))); // i5 jumps to g5: a loop of 17
    }
    while g.ply() < plies {
        let n = g.ply() / 2;
        let (path, k) = if g.ply().is_multiple_of(2) {
            (&red, n % red.len())
        } else {
            (&black, n % black.len())
        };
        let m = format!("{}{}", path[k], path[(k + 1) % path.len()]);
        g.play(mv(&m))
            .unwrap_or_else(|e| panic!("ply {}: {m}: {e}", g.ply() + 1));
    }
}

#[test]
fn clause_4_2_4_sixty_moves_without_capture() {
    let mut g = Game::new(walk_start());
    walk(&mut g, 119);
    assert!(g.verdict().is_none(), "{:?}", g.verdict());
    walk(&mut g, 120);
    let v = g.verdict().unwrap();
    assert_eq!(v.summary(), "1/2-1/2 move-limit 4.2.4");
    assert_eq!(
        v.say(Lang::Zh),
        "连续60回合双方均未吃子，自然限着作和（第4.2.4条）"
    );
    // The limit is a setting (4.2.4: 可根据比赛等级酌减).
    let mut short = Game::new(walk_start());
    short.set_move_limit(20);
    walk(&mut short, 39);
    assert!(short.verdict().is_none());
    walk(&mut short, 40);
    assert_eq!(short.verdict().unwrap().reason, Reason::MoveLimit);
}

#[test]
fn clause_4_2_4_a_capture_restarts_the_count() {
    // A 10-move limit: the pawn's capture on ply 3 restarts the count.
    let mut g = Game::new(pos(
        &["K e0", "P e3", "P c3", "R a0", "k e9", "r a9", "c c4"],
        'w',
    ));
    g.set_move_limit(10);
    for m in ["a0a1", "a9a8", "c3c4", "a8a9"] {
        g.play(mv(m)).unwrap();
    }
    assert_eq!(g.position().halfmoves(), 1);
    let red = [
        "a1b1", "b1c1", "c1d1", "d1d2", "d2c2", "c2b2", "b2a2", "a2a3", "a3b3", "b3c3",
    ];
    let black = [
        "a9b9", "b9c9", "c9d9", "d9d8", "d8c8", "c8b8", "b8a8", "a8a7", "a7b7",
    ];
    for i in 0..10 {
        assert!(g.verdict().is_none(), "ply {}", g.ply());
        g.play(mv(red[i])).unwrap();
        if i < 9 {
            g.play(mv(black[i])).unwrap();
        }
    }
    // 20 plies since the capture (23 in the game).
    assert_eq!(g.ply(), 23);
    assert_eq!(g.verdict().unwrap().reason, Reason::MoveLimit);
}

#[test]
fn clause_23_3_at_most_ten_checks_of_the_claimant_count() {
    // Red checks over and over with a chariot, Black also checks. Positions never repeat three
    // times because kings and chariots walk. Counted: plies minus the claimant's checks beyond 10.
    use xiangqi_club::xiangqi::rules::limits::{counted_plies, move_limit_reached};
    assert_eq!(counted_plies(120, 25), 105);
    // Both sides checked 25 times in 120 plies: neither may claim yet (23.3).
    assert!(!move_limit_reached(60, 120, [25, 25]));
    // 15 more plies: 135 - 15 = 120 for either claimant.
    assert!(move_limit_reached(60, 135, [25, 25]));
}

#[test]
fn clause_4_1_1_mate_on_the_last_move_beats_the_move_limit() {
    // 119 plies without capture, then a mate on the 120th: the mate stands.
    let start = pos(&["K d0", "R a8", "R b2", "k e9", "p a6"], 'w');
    let mut setup = start.to_setup();
    setup.halfmoves = 119;
    let start = Position::from_setup(&setup).unwrap();
    let mut g = Game::new(start);
    g.play(mv("b2b9")).unwrap();
    assert_eq!(g.verdict().unwrap().reason, Reason::Checkmate);
    // Without the mate, the 120th ply draws.
    let mut g = Game::new(Position::from_setup(&setup).unwrap());
    g.play(mv("b2b3")).unwrap();
    assert_eq!(g.verdict().unwrap().reason, Reason::MoveLimit);
}

#[test]
fn clause_4_2_1_simple_draws() {
    // Neither side has a chariot, horse, cannon or pawn: no one can ever win.
    let g = play(
        &["K e0", "A d0", "B c0", "k d9", "a e8", "b c9", "n c6"],
        'w',
        "c0e2 c6d4 e2c0",
    );
    assert!(g.verdict().is_none());
    // A capture takes the last attacking piece off: a simple draw.
    let g = play(
        &["K e0", "A d0", "B g0", "k d9", "b c9", "n e1"],
        'w',
        "d0e1",
    );
    let v = g.verdict().unwrap();
    assert_eq!(v.summary(), "1/2-1/2 insufficient-material 4.2.1");
    // One pawn is enough to play on.
    let g = play(
        &["K e0", "A d0", "P g3", "k d9", "b c9", "n e1"],
        'w',
        "d0e1",
    );
    assert!(g.verdict().is_none());
}

// ---------------------------------------------------------------------------------------------
// Chapter 6: articles 25–29.

#[test]
fn clause_25_1_only_the_third_occurrence_is_a_repetition() {
    let horses = "h0g2 h9g7 g2h0 g7h9";
    let g = Game::from_iccs(
        xiangqi_club::xiangqi::START_FEN,
        &horses.split(' ').collect::<Vec<_>>(),
    )
    .unwrap();
    assert!(g.verdict().is_none(), "twice is not yet a repetition");
    let all = times(horses, 2);
    let g = Game::from_iccs(
        xiangqi_club::xiangqi::START_FEN,
        &all.split(' ').collect::<Vec<_>>(),
    )
    .unwrap();
    let v = g.verdict().unwrap();
    assert_eq!(v.summary(), "1/2-1/2 repetition 26.2");
    let c = v.cycle.as_ref().unwrap();
    assert_eq!((c.first_ply, c.last_ply), (0, 8));
}

#[test]
fn clause_25_2_forbidden_and_allowed_moves() {
    // 25.2 lists 长将, 长杀, 长捉, 一将一杀, 一将一捉, 一杀一捉 as forbidden; 闲 and 数将一闲 etc. as allowed.
    let m = |mover: Color, kind: MoveKind, from: &str, to: &str| ClassifiedMove {
        ply: 0,
        mover,
        mv: Move::new(sq(from), sq(to)),
        piece: Piece::new(mover, Role::Chariot),
        kind,
    };
    let target = Chased {
        piece: Piece::new(Color::Black, Role::Horse),
        square: sq("a9"),
    };
    let idle = MoveKind::Idle(IdleKind::Plain);
    let cycle = |red: [MoveKind; 2]| {
        vec![
            m(Color::Red, red[0].clone(), "b0", "b1"),
            m(Color::Black, idle.clone(), "e9", "e8"),
            m(Color::Red, red[1].clone(), "b1", "b0"),
            m(Color::Black, idle.clone(), "e8", "e9"),
        ]
    };
    let chase = MoveKind::Chase(vec![target]);
    for (red, forbidden) in [
        ([MoveKind::MateThreat, MoveKind::MateThreat], true), // 长杀
        ([MoveKind::Check, MoveKind::MateThreat], true),      // 一将一杀
        ([MoveKind::Check, chase.clone()], true),             // 一将一捉
        ([MoveKind::MateThreat, chase.clone()], true),        // 一杀一捉
        ([MoveKind::Check, idle.clone()], false),             // 数将一闲
        ([MoveKind::MateThreat, idle.clone()], false),        // 数杀一闲
        ([chase.clone(), idle.clone()], false),               // 数捉一闲
        ([idle.clone(), idle.clone()], false),                // 闲
    ] {
        let (ruling, _) = judge_cycle(&cycle(red.clone()));
        let expected = if forbidden {
            CycleRuling::Forbidden { loser: Color::Red }
        } else {
            CycleRuling::Draw {
                both_forbidden: false,
            }
        };
        assert_eq!(ruling, expected, "{red:?}");
    }
}

#[test]
fn clause_25_3_only_material_can_be_chased() {
    // An uncrossed pawn is not 子力: attacking it is no chase.
    let k = kind(&["K e0", "R a0", "k d9", "p c6"], 'w', "a0a6");
    assert!(!k.is_attack(), "{k:?}");
    // A crossed pawn is: attacking it unprotected is a chase.
    let k = kind(&["K e0", "R a0", "k d9", "p c4"], 'w', "a0a4");
    assert_eq!(chased(&k), vec![sq("c4")]);
}

#[test]
fn clause_26_1_and_24_1_one_sided_perpetual_check_loses() {
    let g = play(
        &["K e0", "R a1", "k d9", "n h9"],
        'w',
        "a1a9 d9d8 a9a8 d8d9 a8a9 d9d8 a9a8 d8d9 a8a9",
    );
    let v = g.verdict().unwrap();
    assert_eq!(v.summary(), "0-1 perpetual-check 24.1");
    assert_eq!(v.say(Lang::Zh), "红方长将，判负（第24.1条）");
    assert_eq!(
        v.say(Lang::En),
        "Red checked perpetually and loses (rule 24.1)"
    );
    let c = v.cycle.as_ref().unwrap();
    assert!(c
        .moves
        .iter()
        .filter(|m| m.mover == Color::Red)
        .all(|m| m.kind == MoveKind::Check));
}

#[test]
fn clause_26_2_both_allowed_draw() {
    // 长兑 (28.13): the red chariot keeps offering an exchange, the black one steps aside.
    let g = play(
        &["K e0", "R a0", "k d9", "r a9"],
        'b',
        &times("a9b9 a0b0 b9a9 b0a0", 2),
    );
    assert_eq!(summary(&g), "1/2-1/2 repetition 26.2");
    let c = g.verdict().unwrap().cycle.clone().unwrap();
    let red: Vec<&MoveKind> = c
        .moves
        .iter()
        .filter(|m| m.mover == Color::Red)
        .map(|m| &m.kind)
        .collect();
    assert!(
        red.iter()
            .all(|k| **k == MoveKind::Idle(IdleKind::Exchange)),
        "{red:?}"
    );
}

#[test]
fn clause_26_3_mutual_perpetual_check_is_a_draw() {
    // From the shared test data ("Mutual perpetual check", both engines: draw).
    let g = Game::from_iccs(
        "9/4c4/3k5/3r5/9/9/4C4/9/4K4/3R5 w - - 0 1",
        &[
            "e3d3", "d6e6", "d3e3", "e6d6", "e3d3", "d6e6", "d3e3", "e6d6",
        ],
    )
    .unwrap();
    assert_eq!(summary(&g), "1/2-1/2 repetition 26.3");
    assert_eq!(
        g.verdict().unwrap().say(Lang::Zh),
        "双方均为禁止着法，不变作和（第26.3条）"
    );
}

#[test]
fn clause_26_4_and_28_12_perpetual_chase_loses() {
    // The red chariot follows the black cannon from file to file: 长捉.
    let g = play(
        &["K e0", "R a0", "k f9", "c a7"],
        'b',
        &times("a7b7 a0b0 b7a7 b0a0", 2),
    );
    let v = g.verdict().unwrap();
    assert_eq!(v.summary(), "0-1 perpetual-chase 26.4");
    assert_eq!(
        v.say(Lang::Zh),
        "红方长捉，对方为允许着法，红方不变判负（第26.4条）"
    );
    let c = v.cycle.as_ref().unwrap();
    for m in c.moves.iter().filter(|m| m.mover == Color::Red) {
        assert!(matches!(&m.kind, MoveKind::Chase(t) if t[0].piece.role == Role::Cannon));
    }
}

#[test]
fn clause_27_1_the_king_itself_chasing_is_idle() {
    // The red king steps after the black cannon every move: allowed (27.1), draw.
    let g = play(
        &["K e1", "k d9", "c f1", "p a6"],
        'b',
        &times("f1f2 e1e2 f2f1 e2e1", 2),
    );
    assert_eq!(summary(&g), "1/2-1/2 repetition 26.2");
    let c = g.verdict().unwrap().cycle.clone().unwrap();
    for m in c.moves.iter().filter(|m| m.mover == Color::Red) {
        assert!(
            matches!(m.kind, MoveKind::Idle(IdleKind::KingChase(_))),
            "{m}"
        );
    }
}

#[test]
fn clause_27_1_chasing_with_the_kings_help_is_a_chase() {
    // The king steps aside and opens the chariot's line to the cannon: 借帅之力, a chase.
    let k = kind(
        &["K e1", "R d1", "k f9", "a e8", "a f7", "c f1"],
        'w',
        "e1e0",
    );
    assert_eq!(chased(&k), vec![sq("f1")]);
}

#[test]
fn clause_27_2_a_pawn_chasing_is_idle() {
    // The crossed red pawn follows the black cannon: idle, draw.
    let g = play(
        &["K e0", "P a6", "k d9", "c a7"],
        'b',
        &times("a7b7 a6b6 b7a7 b6a6", 2),
    );
    assert_eq!(summary(&g), "1/2-1/2 repetition 26.2");
    let c = g.verdict().unwrap().cycle.clone().unwrap();
    for m in c.moves.iter().filter(|m| m.mover == Color::Red) {
        assert!(
            matches!(m.kind, MoveKind::Idle(IdleKind::PawnChase(_))),
            "{m}"
        );
    }
}

/// A cycle where Red's pawn chases and Black does `black` on every move.
fn pawn_cycle(black: MoveKind) -> Vec<ClassifiedMove> {
    let red = Piece::new(Color::Red, Role::Pawn);
    let horse = Chased {
        piece: Piece::new(Color::Black, Role::Horse),
        square: sq("c7"),
    };
    let m = |mover, piece, from: &str, to: &str, kind: MoveKind| ClassifiedMove {
        ply: 0,
        mover,
        mv: Move::new(sq(from), sq(to)),
        piece,
        kind,
    };
    let black_piece = Piece::new(Color::Black, Role::Chariot);
    vec![
        m(
            Color::Red,
            red,
            "c5",
            "c6",
            MoveKind::Idle(IdleKind::PawnChase(horse)),
        ),
        m(Color::Black, black_piece, "a0", "a1", black.clone()),
        m(
            Color::Red,
            red,
            "c6",
            "c5",
            MoveKind::Idle(IdleKind::PawnChase(horse)),
        ),
        m(Color::Black, black_piece, "a1", "a0", black),
    ]
}

#[test]
fn clause_27_2_and_xize_11_pawn_chases_count_in_mutual_attacks() {
    // Against idle moves the pawn's chase is idle: draw (26.2).
    let (r, _) = judge_cycle(&pawn_cycle(MoveKind::Idle(IdleKind::Plain)));
    assert_eq!(r.clause(), "26.2");
    // Against perpetual mate threats (长打), the pawn's attacks are chases (细则 11): both sides
    // forbidden, draw (26.3) — instead of a loss for Black.
    let (r, moves) = judge_cycle(&pawn_cycle(MoveKind::MateThreat));
    assert_eq!(
        r,
        CycleRuling::Draw {
            both_forbidden: true
        }
    );
    assert!(matches!(moves[0].kind, MoveKind::Chase(_)));
}

#[test]
fn clause_27_3_and_xize_13_key_point_in_a_simple_draw() {
    // Chariot against chariot with advisors and elephants is a simple draw: the red chariot's
    // incidental attack on the elephant is idle.
    let draw = ["K e0", "R b0", "k d9", "a e8", "b a7", "r h5"];
    let k = kind(&draw, 'w', "b0b7");
    assert!(matches!(k, MoveKind::Idle(IdleKind::KeyPoint(_))), "{k:?}");
    // With an extra red pawn it is no simple draw: the same move is a chase.
    let mut more = draw.to_vec();
    more.push("P e3");
    let k = kind(&more, 'w', "b0b7");
    assert_eq!(chased(&k), vec![sq("a7")]);
}

#[test]
fn clause_27_4_and_xize_12_the_heaviest_function_counts() {
    // Check and chase at once: a check.
    let k = kind(&["K e0", "R b0", "k d9", "n a9"], 'w', "b0b9");
    assert_eq!(k, MoveKind::Check);
}

#[test]
fn clause_28_2_mate_threat() {
    // The horse heads for g8, where it mates (the pawn covers e8, the advisors box the king).
    let k = kind(
        &["K d0", "N i4", "P e7", "k e9", "a d9", "a f9"],
        'w',
        "i4h6",
    );
    assert_eq!(k, MoveKind::MateThreat);
}

#[test]
fn clause_28_3_and_29_1_chase_directly() {
    let k = kind(
        &["K d0", "R h0", "k e9", "a d9", "a e8", "n c5"],
        'w',
        "h0h5",
    );
    assert_eq!(chased(&k), vec![sq("c5")]);
}

#[test]
fn clause_29_1_chase_by_a_series_of_checks() {
    // Not attacked directly: the chariot checks on rank 9 next, the king must step to d8, and
    // the chariot takes the horse on h9.
    // (The red horse on b5 closes the b-file, the advisor on d7 the d-file.)
    let k = kind(
        &["K e0", "R b1", "N b5", "k d9", "a d7", "n h9"],
        'w',
        "b1a1",
    );
    assert_eq!(chased(&k), vec![sq("h9")]);
}

#[test]
fn clause_29_1_and_xize_3_chase_by_winning_material_in_an_exchange() {
    // The horse attacks a protected chariot: 马 for 车 gains material, a chase.
    let k = kind(
        &["K d0", "N a3", "k e9", "a d9", "a e8", "r c7", "n e6"],
        'w',
        "a3b5",
    );
    assert_eq!(chased(&k), vec![sq("c7")]);
}

#[test]
fn clause_29_2_and_xize_2_and_6_only_a_new_attack_is_a_chase() {
    // From no attack to attack: a chase (细则 2).
    let k = kind(
        &["K d0", "R h0", "k e9", "a d9", "a e8", "n c5"],
        'w',
        "h0h5",
    );
    assert!(matches!(k, MoveKind::Chase(_)));
    // The chariot already attacked the horse and still does: idle (细则 6).
    let k = kind(
        &["K d0", "R h5", "k e9", "a d9", "a e8", "n c5"],
        'w',
        "h5g5",
    );
    assert!(
        matches!(k, MoveKind::Idle(IdleKind::ChaseContinues(_))),
        "{k:?}"
    );
}

#[test]
fn clause_29_3_and_28_16_protected_and_falsely_protected() {
    // The horse is protected by the chariot on c9: attacking it only follows (跟, 28.8).
    let rooted = ["K d0", "R h0", "k e9", "a e8", "a f9", "r c9", "n c5"];
    let k = kind(&rooted, 'w', "h0h5");
    assert_eq!(k, MoveKind::Idle(IdleKind::Follow));
    // Pin the root against its king: the protection is false (假根), and the same move chases.
    let mut pinned = rooted.to_vec();
    pinned.push("R a9");
    let k = kind(&pinned, 'w', "h0h5");
    assert_eq!(chased(&k), vec![sq("c5")]);
}

#[test]
fn clause_29_4_and_xize_7_a_capture_answered_by_mate_is_no_chase() {
    // From the shared test data: Red's cannon lines up on the chariot it could take, but taking
    // it lets Black mate with the other chariot.
    let p = Position::from_fen("4k4/9/1rr6/9/PPPP5/9/9/9/2C6/5K3 w - - 0 1").unwrap();
    let k = classify(&p, mv("c1b1")).unwrap();
    assert!(
        matches!(k, MoveKind::Idle(IdleKind::AnsweredByMate(_))),
        "{k:?}"
    );
}

#[test]
fn clause_28_5_exchange_offer() {
    // Chariot against chariot on one file: 兑, idle even though neither is protected.
    let k = kind(&["K e0", "R a0", "k d9", "r b9"], 'w', "a0b0");
    assert_eq!(k, MoveKind::Idle(IdleKind::Exchange));
}

#[test]
fn clause_28_6_sacrifice_offer() {
    // The horse steps where the chariot takes it for nothing: 献.
    let k = kind(&["K e0", "N a0", "k d9", "r b9"], 'w', "a0b2");
    assert_eq!(k, MoveKind::Idle(IdleKind::Offer));
}

#[test]
fn clause_28_7_blocking() {
    // The advisor steps into the chariot's rank, protected by its king: 拦.
    let k = kind(&["K e0", "A d0", "k d9", "r i1"], 'w', "d0e1");
    assert_eq!(k, MoveKind::Idle(IdleKind::Block));
}

#[test]
fn clause_28_9_plain_idle() {
    let k = kind(&["K e0", "N a0", "k d9", "n i9"], 'w', "e0e1");
    assert_eq!(k, MoveKind::Idle(IdleKind::Plain));
}

#[test]
fn clause_28_15_checks_with_an_idle_move_are_allowed() {
    // 数将一闲: two checks and two idle king steps per cycle: allowed, draw.
    let g = play(
        &["K e0", "R a8", "k d9", "n h9"],
        'w',
        "a8a9 d9d8 a9a8 d8d9 e0e1 h9g7 e1e0 g7h9",
    );
    assert_eq!(summary(&g), "1/2-1/2 repetition 26.2");
}

#[test]
fn clause_28_12_chasing_different_pieces_in_turn_is_not_a_perpetual_chase() {
    // From the shared test data (line 4): Black's chariot attacks a different cannon each move,
    // Red's cannon and pawn chase the same chariot: Red loses.
    let moves = "a4a5 a6b6 a5b5 b6a6 b5a5 a6b6 a5b5 b6a6 b5a5";
    let g = Game::from_iccs(
        "2bakabr1/9/9/r1p1p1p2/p7R/P8/9/9/9/CC1AKA3 w - - 0 1",
        &moves.split(' ').collect::<Vec<_>>(),
    )
    .unwrap();
    assert_eq!(summary(&g), "0-1 perpetual-chase 26.4");
}

// ---------------------------------------------------------------------------------------------
// Chapter 7: 细则.

#[test]
fn xize_1_one_sided_perpetual_check_never_allowed() {
    // Even against a perpetual chase, the side checking perpetually loses.
    let m = |mover, kind: MoveKind, from: &str, to: &str| ClassifiedMove {
        ply: 0,
        mover,
        mv: Move::new(sq(from), sq(to)),
        piece: Piece::new(mover, Role::Chariot),
        kind,
    };
    let t = Chased {
        piece: Piece::new(Color::Red, Role::Horse),
        square: sq("a0"),
    };
    let cycle = vec![
        m(Color::Red, MoveKind::Check, "b1", "b2"),
        m(Color::Black, MoveKind::Chase(vec![t]), "c9", "c8"),
        m(Color::Red, MoveKind::Check, "b2", "b1"),
        m(Color::Black, MoveKind::Chase(vec![t]), "c8", "c9"),
    ];
    assert_eq!(
        judge_cycle(&cycle).0,
        CycleRuling::PerpetualCheck { loser: Color::Red }
    );
}

#[test]
fn xize_4_a_root_that_chases_is_a_chase() {
    // The chariot protecting the horse leaves to attack the cannon: still a chase.
    let k = kind(&["K e0", "R c0", "N c3", "k d9", "c a5"], 'w', "c0a0");
    assert_eq!(chased(&k), vec![sq("a5")]);
}

#[test]
fn xize_5_a_chase_that_also_offers_is_a_chase() {
    // The chariot attacks the unprotected horse and can itself be taken by the black chariot:
    // the chase stands.
    let k = kind(
        &["K d0", "R h0", "k e9", "a d9", "a e8", "n c5", "r h9"],
        'w',
        "h0h5",
    );
    assert_eq!(chased(&k), vec![sq("c5")]);
}

#[test]
fn xize_8_both_forbidden_is_a_draw() {
    // From the shared test data ("Mutual chase"): horse and chariot chase each other.
    let moves =
        "f6h6 h8f7 h6h7 f7g5 h7g7 g5i6 g7g6 i6h8 g6h6 h8f7 h6h7 f7g5 h7g7 g5i6 g7g6 i6h8 g6h6";
    let g = Game::from_iccs(
        "4k4/7n1/9/4pR3/9/9/4P4/9/9/4K4 w - - 0 1",
        &moves.split(' ').collect::<Vec<_>>(),
    )
    .unwrap();
    assert_eq!(summary(&g), "1/2-1/2 repetition 26.3");
}

#[test]
fn xize_10_a_crossed_pawn_floats() {
    // Unprotected, a crossed pawn can be chased; protected by another pawn, a chariot attacking
    // it is no chase (chariot for pawn loses material).
    let k = kind(&["K e0", "R a0", "k d9", "p c4"], 'w', "a0a4");
    assert!(matches!(k, MoveKind::Chase(_)));
    let k = kind(&["K e0", "R a0", "k d9", "p c4", "p b4"], 'w', "a0a2");
    assert!(!k.is_attack(), "{k:?}");
    let k = kind(&["K e0", "R i0", "k d9", "p c4", "p d4"], 'w', "i0i4");
    assert!(!k.is_attack(), "protected by the pawn on d4: {k:?}");
}

#[test]
fn verdicts_serialize_their_cycle() {
    let g = play(
        &["K e0", "R a1", "k d9", "n h9"],
        'w',
        "a1a9 d9d8 a9a8 d8d9 a8a9 d9d8 a9a8 d8d9 a8a9",
    );
    let json = serde_json::to_string(g.verdict().unwrap()).unwrap();
    assert!(json.contains("\"mv\":\"a9a8\""), "{json}");
    let saved = serde_json::to_string(&g).unwrap();
    let back: Game = serde_json::from_str(&saved).unwrap();
    assert_eq!(back.verdict(), g.verdict());
    assert_eq!(back.moves(), g.moves());
    assert!(matches!(
        back.verdict().unwrap().result,
        GameResult::BlackWins
    ));
}

// ---------------------------------------------------------------------------------------------
// The command line.

fn xq(args: &[&str]) -> (i32, String, String) {
    let out = std::process::Command::new(env!("CARGO_BIN_EXE_xq"))
        .args(args)
        .output()
        .unwrap();
    (
        out.status.code().unwrap_or(-1),
        String::from_utf8_lossy(&out.stdout).into_owned(),
        String::from_utf8_lossy(&out.stderr).into_owned(),
    )
}

#[test]
fn xq_judge_prints_the_cycle_then_the_verdict_last() {
    let fen = fen(&["K e0", "R a1", "k d9", "n h9"], 'w');
    let moves = "a1a9 d9d8 a9a8 d8d9 a8a9 d9d8 a9a8 d8d9 a8a9";
    let mut args = vec!["judge", fen.as_str()];
    args.extend(moves.split(' '));
    let (code, out, _) = xq(&args);
    assert_eq!(code, 0);
    let lines: Vec<&str> = out.lines().collect();
    assert_eq!(*lines.last().unwrap(), "0-1 perpetual-check 24.1");
    assert!(lines.iter().any(|l| l.contains("2 black d9d8")), "{out}");
    assert!(
        lines
            .iter()
            .any(|l| l.contains("红方长将，判负（第24.1条）")),
        "{out}"
    );
    // No verdict yet.
    let (code, out, _) = xq(&["judge", "start", "h2e2", "h9g7"]);
    assert_eq!((code, out.as_str()), (0, "none\n"));
    // Moves after the end are reported and not played.
    let (code, out, err) = xq(&[
        "judge",
        "start",
        "h0g2 h9g7 g2h0 g7h9 h0g2 h9g7 g2h0 g7h9 h2e2",
    ]);
    assert_eq!(code, 0);
    assert!(out.ends_with("1/2-1/2 repetition 26.2\n"), "{out}");
    assert!(err.contains("ended at ply 8"), "{err}");
}

#[test]
fn xq_judge_refuses_bad_input() {
    let (code, _, err) = xq(&["judge", "not a fen"]);
    assert_eq!(code, 1);
    assert!(err.contains("FEN"), "{err}");
    let (code, _, err) = xq(&["judge", "start", "h2e2", "e0e2"]);
    assert_eq!(code, 1);
    assert!(err.contains("move 2 `e0e2` is illegal"), "{err}");
    let (code, _, err) = xq(&["judge", "start", "h2"]);
    assert_eq!(code, 1);
    assert!(err.contains("not an ICCS move"), "{err}");
    let (code, _, _) = xq(&["judge"]);
    assert_eq!(code, 2);
    // The move limit can be lowered from the command line.
    let (code, out, _) = xq(&["judge", "start", "--limit", "2", "h0g2 h9g7 b0c2 b9c7"]);
    assert_eq!(code, 0);
    assert!(out.ends_with("1/2-1/2 move-limit 4.2.4\n"), "{out}");
}

#[test]
fn xize_9_king_and_another_piece_together_chase() {
    // The king steps next to the cannon and frees its horse's leg: both attack the cannon at
    // once — a chase (细则 9, 27.1), where the king alone would be idle.
    let k = kind(
        &["K e0", "N d0", "k d9", "a e8", "a f9", "c f1"],
        'w',
        "e0e1",
    );
    assert_eq!(chased(&k), vec![sq("f1")]);
    let k = kind(&["K e0", "k d9", "a e8", "a f9", "c f1"], 'w', "e0e1");
    assert!(matches!(k, MoveKind::Idle(IdleKind::KingChase(_))), "{k:?}");
}
