//! Notation (article 7.5): every tandem case, the encodings of real files, and the property that
//! every legal move written in any notation reads back as the same move.

use xiangqi_club::rng::Rng;
use xiangqi_club::xiangqi::notation::pgn::{read_pgn, PgnErrorKind};
use xiangqi_club::xiangqi::notation::{
    chinese, read, read_as, write, wxf, Notation, NotationError,
};
use xiangqi_club::xiangqi::START_FEN;
// The legacy decoding tables (encoding_rs) are native-only: the browser uses its TextDecoder.
#[cfg(not(target_arch = "wasm32"))]
use xiangqi_club::text::TextEncoding;
#[cfg(not(target_arch = "wasm32"))]
use xiangqi_club::xiangqi::notation::{decode::decode, pgn::read_pgn_bytes};
use xiangqi_club::xiangqi::{Color, Move, Piece, PlayError, Position, Role, Setup, Square};

fn mv(s: &str) -> Move {
    Move::from_iccs(s).unwrap()
}

fn pos(fen: &str) -> Position {
    Position::from_fen(fen).unwrap_or_else(|e| panic!("{fen}: {e}"))
}

/// Asserts `iccs` is written `chinese_text` and `wxf_text`, and that each reads back.
fn check(p: &Position, iccs: &str, chinese_text: &str, wxf_text: &str) {
    let m = mv(iccs);
    assert!(p.is_legal(m), "{iccs} illegal in {}", p.fen());
    assert_eq!(chinese::write(p, m), chinese_text, "{iccs}");
    assert_eq!(wxf::write(p, m), wxf_text, "{iccs}");
    assert_eq!(read(p, chinese_text), Ok(m), "{chinese_text}");
    assert_eq!(read(p, wxf_text), Ok(m), "{wxf_text}");
}

#[test]
fn two_chariots_on_a_file_are_front_and_rear() {
    // Red chariots on c6 and c2 (file 七), Black chariots on h7 and h3 (file ８).
    let p = pos("4k4/9/7r1/2R6/9/9/7r1/2R6/9/3K5 w - - 0 1");
    check(&p, "c6c8", "前车进二", "+R+2");
    check(&p, "c2a2", "后车平九", "-R.9");
    // The older form 前七进一 and a marker after the piece are accepted on input.
    assert_eq!(read(&p, "前七进二"), Ok(mv("c6c8")));
    assert_eq!(read(&p, "车前进二"), Ok(mv("c6c8")));
    assert_eq!(read(&p, "前車進二"), Ok(mv("c6c8")));
    let b = pos("4k4/9/7r1/2R6/9/9/7r1/2R6/9/3K5 b - - 0 1");
    // For Black the front chariot is the one nearer Red (lower rank).
    check(&b, "h3h1", "前车进２", "+R+2");
    check(&b, "h7g7", "后车平７", "-R.7");
    assert_eq!(read(&b, "後車平7"), Ok(mv("h7g7")));
}

#[test]
fn markers_follow_the_position_not_legality() {
    // Horses on h2 and h0 (file 二): both are marked even where only one can make the move
    // (the chariot on f1 keeps the rear horse from 进四).
    let p = pos("4k4/9/9/9/9/9/9/7N1/5R3/3K3N1 w - - 0 1");
    check(&p, "h2g4", "前马进三", "+H+3");
    check(&p, "h0g2", "后马进三", "-H+3");
    check(&p, "h2f3", "前马进四", "+H+4");
    // Without the marker it is accepted when only one horse can make the move...
    assert_eq!(read(&p, "马二进四"), Ok(mv("h2f3")));
    assert_eq!(read(&p, "H2+4"), Ok(mv("h2f3")));
    // ...and ambiguous when both can.
    assert!(
        matches!(read(&p, "马二进三"), Err(NotationError::Ambiguous { moves, .. }) if moves.len() == 2)
    );
}

#[test]
fn three_pawns_on_a_file_are_front_middle_rear() {
    // Red pawns e5, e6, e7 (file 五) over the river.
    let p = pos("3k5/9/4P4/4P4/4P4/9/9/9/9/5K3 w - - 0 1");
    check(&p, "e7d7", "前兵平六", "15.6");
    check(&p, "e6f6", "中兵平四", "25.4");
    check(&p, "e5d5", "后兵平六", "35.6");
    assert!(matches!(
        read(&p, "中兵进一"),
        Err(NotationError::Illegal { .. })
    ));
}

#[test]
fn two_pawns_on_one_file_use_plus_and_minus_in_wxf() {
    let p = pos("3k5/9/9/2P6/2P6/9/9/9/9/5K3 w - - 0 1");
    check(&p, "c6c7", "前兵进一", "+P+1");
    check(&p, "c5b5", "后兵平八", "-P.8");
}

#[test]
fn four_or_five_pawns_on_a_file_are_numbered_from_the_front() {
    let p = pos("3k5/2P6/2P6/2P6/2P6/9/9/9/9/5K3 w - - 0 1");
    check(&p, "c8b8", "一兵平八", "17.8");
    check(&p, "c7d7", "二兵平六", "27.6");
    check(&p, "c6b6", "三兵平八", "37.8");
    check(&p, "c5d5", "四兵平六", "47.6");
    // Five black pawns c0..c4: Black's front is the lowest rank.
    let five = pos("3k5/9/9/9/9/2p6/2p6/2p6/2p6/2p1K4 b - - 0 1");
    check(&five, "c0b0", "一卒平２", "13.2");
    check(&five, "c2d2", "三卒平４", "33.4");
    check(&five, "c4d4", "五卒平４", "53.4");
}

#[test]
fn pawns_on_two_files_are_numbered_right_to_left_then_front_to_back() {
    // Red pawns g6, g5 (file 三) and c6, c5 (file 七): right to left is 三 then 七.
    let p = pos("3k5/9/9/2P3P2/2P3P2/9/9/9/9/5K3 w - - 0 1");
    check(&p, "g6g7", "一兵进一", "13+1");
    check(&p, "g5f5", "二兵平四", "23.4");
    check(&p, "c6c7", "三兵进一", "17+1");
    check(&p, "c5b5", "四兵平八", "27.8");
    // Front/rear with the file, as some programs write, is read too.
    assert_eq!(read(&p, "前七进一"), Ok(mv("c6c7")));
    assert_eq!(read(&p, "+7+1"), Ok(mv("c6c7")));
    assert!(matches!(
        read(&p, "前兵进一"),
        Err(NotationError::Ambiguous { .. })
    ));
    // Black counts from its own right: pawns on files b and f are its 2 and 6.
    let b = pos("4k4/9/9/9/9/1p3p3/1p3p3/9/9/3K5 b - - 0 1");
    check(&b, "b3b2", "一卒进１", "12+1");
    check(&b, "b4a4", "二卒平１", "22.1");
    check(&b, "f3f2", "三卒进１", "16+1");
    check(&b, "f4e4", "四卒平５", "26.5");
}

#[test]
fn three_plus_two_pawns_across_files() {
    // g7 g6 g5 (file 三) and c6 c5 (file 七): five pawns numbered across both files.
    let p = pos("3k5/9/6P2/2P3P2/2P3P2/9/9/9/9/5K3 w - - 0 1");
    check(&p, "g7g8", "一兵进一", "13+1");
    check(&p, "g6f6", "二兵平四", "23.4");
    check(&p, "g5h5", "三兵平二", "33.2");
    check(&p, "c6c7", "四兵进一", "17+1");
    check(&p, "c5d5", "五兵平六", "27.6");
}

#[test]
fn advisors_and_elephants_on_one_file_need_no_marker() {
    // The archives write 仕六进五 / 相七退五: the two on a file move in opposite directions.
    let p = pos("3k5/9/9/9/9/2B6/9/3A5/9/2BAK4 w - - 0 1");
    check(&p, "d0e1", "仕六进五", "A6+5");
    check(&p, "d2e1", "仕六退五", "A6-5");
    check(&p, "c4e2", "相七退五", "E7-5");
    check(&p, "c0e2", "相七进五", "E7+5");
}

#[test]
fn errors_are_precise() {
    let p = Position::start();
    let syntax = |t| matches!(read(&p, t), Err(NotationError::Syntax { .. }));
    assert!(syntax("车"));
    assert!(syntax("车一走一"));
    assert!(syntax("Q2.5"));
    assert!(matches!(
        read(&p, "车五进一"),
        Err(NotationError::NoSuchPiece { .. })
    ));
    assert!(matches!(
        read(&p, "R5+1"),
        Err(NotationError::NoSuchPiece { .. })
    ));
    assert!(matches!(
        read(&p, "马二进五"),
        Err(NotationError::Illegal {
            reason: PlayError::NotAMoveOf(Role::Horse),
            ..
        })
    ));
    assert!(matches!(
        read(&p, "相三退一"),
        Err(NotationError::Illegal { .. })
    ));
    assert!(matches!(
        read(&p, "h0h5"),
        Err(NotationError::Illegal { .. })
    ));
    let msg = read(&p, "车一进九").unwrap_err().to_string();
    assert!(msg.contains("车一进九") && msg.contains("illegal"), "{msg}");
    // The king may not stay on the rank the black chariot holds.
    let k = pos("5k3/9/9/9/9/9/9/9/9/3K1r3 w - - 0 1");
    assert_eq!(
        read(&k, "帅六平五"),
        Err(NotationError::Illegal {
            text: "帅六平五".into(),
            reason: PlayError::KingInCheck
        })
    );
}

// --- property: write then read gives the same move ---------------------------------------------

/// A random legal setup with many pawns and doubled pieces, so tandems are frequent.
fn random_setup(rng: &mut Rng) -> Option<Position> {
    let mut s = Setup::empty();
    let put = |s: &mut Setup, sq: Square, p: Piece| {
        if s.board[sq.index()].is_none() {
            s.board[sq.index()] = Some(p);
        }
    };
    for color in [Color::Red, Color::Black] {
        let flip = |r: u8| if color == Color::Red { r } else { 9 - r };
        let king = Square::new(3 + rng.below(3) as u8, flip(rng.below(3) as u8))?;
        put(&mut s, king, Piece::new(color, Role::King));
        let advisor_points = [(3, 0), (5, 0), (4, 1), (3, 2), (5, 2)];
        let elephant_points = [(2, 0), (6, 0), (0, 2), (4, 2), (8, 2), (2, 4), (6, 4)];
        for _ in 0..rng.below(3) {
            let (f, r) = advisor_points[rng.below(5)];
            put(
                &mut s,
                Square::new(f, flip(r))?,
                Piece::new(color, Role::Advisor),
            );
        }
        for _ in 0..rng.below(3) {
            let (f, r) = elephant_points[rng.below(7)];
            put(
                &mut s,
                Square::new(f, flip(r))?,
                Piece::new(color, Role::Elephant),
            );
        }
        // Pairs of horses, chariots and cannons often share a file.
        for role in [Role::Horse, Role::Chariot, Role::Cannon] {
            let file = rng.below(9) as u8;
            for _ in 0..rng.below(3) {
                let f = if rng.below(2) == 0 {
                    file
                } else {
                    rng.below(9) as u8
                };
                put(
                    &mut s,
                    Square::new(f, rng.below(10) as u8)?,
                    Piece::new(color, role),
                );
            }
        }
        // Pawns over the river, crowded on one or two files.
        let files = [rng.below(9) as u8, rng.below(9) as u8];
        for _ in 0..rng.below(6) {
            let f = if rng.below(4) == 0 {
                rng.below(9) as u8
            } else {
                files[rng.below(2)]
            };
            put(
                &mut s,
                Square::new(f, flip(5 + rng.below(5) as u8))?,
                Piece::new(color, Role::Pawn),
            );
        }
    }
    s.turn = if rng.below(2) == 0 {
        Color::Red
    } else {
        Color::Black
    };
    Position::from_setup(&s).ok()
}

fn positions(seed: u64) -> Vec<Position> {
    let mut rng = Rng::new(seed);
    let mut out = Vec::new();
    let fens = [
        START_FEN,
        "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/9/1C5C1/9/RN2K2NR w - - 0 1",
        "2bak1br1/2c1a4/2n3nc1/p2Rp1p1p/2p6/4PNr2/P1P4RP/2N1CC3/9/2BAKAB2 w - - 10 14",
    ];
    // Random playouts from the start and from test positions.
    for game in 0..60 {
        let mut p = pos(fens[game % fens.len()]);
        for _ in 0..120 {
            let moves = p.legal_moves();
            if moves.is_empty() {
                break;
            }
            out.push(p.clone());
            let m = moves.as_slice()[rng.below(moves.len())];
            p.play(m).unwrap();
        }
    }
    // Random crowded setups.
    let mut tries = 0;
    while out.len() < 9000 && tries < 1_000_000 {
        tries += 1;
        if let Some(p) = random_setup(&mut rng) {
            out.push(p);
        }
    }
    out
}

#[test]
fn every_legal_move_written_then_read_is_the_same_move() {
    let mut checked = 0usize;
    let mut tandem = 0usize;
    let mut plain_short_ok = 0usize;
    for p in positions(0x5eed_0705) {
        for &m in p.legal_moves().iter() {
            for n in [
                Notation::Chinese,
                Notation::ChineseShort,
                Notation::Wxf,
                Notation::Iccs,
            ] {
                let text = write(&p, m, n);
                assert_eq!(
                    read_as(&p, &text, n),
                    Ok(m),
                    "{n:?} `{text}` in {}",
                    p.fen()
                );
                assert_eq!(read(&p, &text), Ok(m), "auto `{text}` in {}", p.fen());
                checked += 1;
            }
            let full = chinese::write(&p, m);
            if full.starts_with(['前', '中', '后', '一', '二', '三', '四', '五']) {
                tandem += 1;
            }
            // The unlined short form may be ambiguous, or mean the 平 an unlined digit stands for.
            let plain = chinese::write_short_plain(&p, m);
            match read(&p, &plain) {
                Ok(x) if x == m => plain_short_ok += 1,
                Ok(x) => assert_eq!(x.from.rank(), x.to.rank(), "`{plain}` in {}", p.fen()),
                Err(e) => assert!(matches!(e, NotationError::Ambiguous { .. }), "{e}"),
            }
        }
    }
    eprintln!(
        "round trips: {checked}, tandem moves: {tandem}, plain short unique: {plain_short_ok}"
    );
    assert!(checked > 400_000, "{checked}");
    assert!(tandem > 10_000, "{tandem}");
    assert!(plain_short_ok > checked / 8, "{plain_short_ok}");
}

// --- encodings -----------------------------------------------------------------------------

#[test]
#[cfg(not(target_arch = "wasm32"))]
fn gbk_big5_and_utf8_bytes_decode() {
    let (gbk, _, _) = encoding_rs::GBK.encode("1. 炮二平五 马８进７ 2. 马二进三 车９平８");
    let (big5, _, _) = encoding_rs::BIG5.encode("1. 炮二平五 馬８進７ 2. 馬二進三 車９平８");
    assert_eq!(decode(&gbk).1, TextEncoding::Gbk);
    assert_eq!(decode(&big5).1, TextEncoding::Big5);
    let mut utf8 = b"\xEF\xBB\xBF".to_vec();
    utf8.extend("1. 炮二平五 馬8進7".as_bytes());
    assert_eq!(
        decode(&utf8),
        ("1. 炮二平五 馬8進7".to_string(), TextEncoding::Utf8)
    );
    for bytes in [gbk.as_ref(), big5.as_ref()] {
        let g = read_pgn_bytes(bytes).unwrap();
        assert_eq!(g.moves(), &[mv("h2e2"), mv("h9g7"), mv("h0g2"), mv("i9h9")]);
    }
}

#[test]
fn big5_archive_writes_simplified_rear_marker() {
    // The Big5 Ju Zhong Mi files write 后 (simplified) next to 進/車: both 后 and 後 are read.
    let p = pos("4k4/9/9/9/9/9/9/7N1/9/3K3N1 w - - 0 1");
    assert_eq!(read(&p, "后馬進三"), Ok(mv("h0g2")));
    assert_eq!(read(&p, "後傌進三"), Ok(mv("h0g2")));
}

#[test]
fn garbled_game_keeps_the_valid_part() {
    let text = "[Game \"Chinese Chess\"]\n[Red \"甲\"]\n1. 炮二平五 马８进７\n2. 马二进三 马８进７\n3. 车一平二";
    let e = read_pgn(text).unwrap_err();
    assert_eq!(e.partial.moves().len(), 3);
    assert_eq!(e.partial.tag("Red"), Some("甲"));
    match &e.kind {
        PgnErrorKind::BadMove { round, side, error } => {
            assert_eq!((*round, *side), (2, Color::Black));
            assert!(
                matches!(error, NotationError::NoSuchPiece { .. }),
                "{error}"
            );
        }
        k => panic!("{k:?}"),
    }
    let unclosed = read_pgn("1. 炮二平五 {unfinished").unwrap_err();
    assert_eq!(unclosed.kind, PgnErrorKind::Unclosed('{'));
    assert_eq!(unclosed.partial.moves().len(), 1);
}

#[test]
fn fen_tag_counters_follow_the_fen_rule_with_a_typed_error() {
    use xiangqi_club::xiangqi::notation::pgn::read_tree;
    use xiangqi_club::xiangqi::{FenError, ParseFenError};
    let board = "rnbakabnr/9/1c5c1/p1p1p1p1p/9/9/P1P1P1P1P/1C5C1/9/RNBAKABNR";
    let too_large = |which: &'static str, found: &str| {
        FenError::Parse(ParseFenError::CounterTooLarge {
            which,
            found: found.into(),
        })
    };
    let not_a_number = |which: &'static str, found: &str| {
        FenError::Parse(ParseFenError::BadCounter {
            which,
            found: found.into(),
        })
    };
    // The same counters, with the side to move written and with it missing (then assumed): never
    // a silent `0 1`, always the error `Position::from_fen` gives.
    for side in ["w", "-"] {
        for (counters, error) in [
            (
                "99999999999999999999 1",
                too_large("halfmove", "99999999999999999999"),
            ),
            ("1000001 1", too_large("halfmove", "1000001")),
            ("0 1000001", too_large("fullmove", "1000001")),
            ("-5 1", not_a_number("halfmove", "-5")),
            ("x y", not_a_number("halfmove", "x")),
            ("0 y", not_a_number("fullmove", "y")),
        ] {
            let fen = format!("{board} {side} - - {counters}");
            let text = format!("[FEN \"{fen}\"]\n\n1. 炮二平五 *\n");
            let want = PgnErrorKind::BadFen {
                fen: fen.clone(),
                error: error.clone(),
            };
            assert_eq!(
                read_pgn(&text).map(|_| ()).map_err(|e| e.kind),
                Err(want.clone()),
                "{fen}"
            );
            assert_eq!(
                read_tree(&text).map(|_| ()).map_err(|e| e.kind),
                Err(want),
                "{fen}"
            );
            if side == "w" {
                assert_eq!(Position::from_fen(&fen).map(|_| ()), Err(error), "{fen}");
            }
        }
    }
    // Counters in range are kept as written.
    let g = read_pgn(&format!(
        "[FEN \"{board} w - - 12 34\"]\n\n34. 炮二平五 *\n"
    ))
    .unwrap();
    assert_eq!((g.start().halfmoves(), g.start().fullmoves()), (12, 34));
}

#[test]
fn comments_keep_replacement_and_control_characters() {
    use xiangqi_club::xiangqi::notation::pgn::{read_tree, write_tree};
    // U+FFFD (bytes that did not decode) and C0 controls are text of the comment: read, written
    // and read again unchanged.
    let said = "a\u{FFFD}b\u{1}c\u{1f}d\u{7}e";
    for text in [
        format!("1. 炮二平五 {{{said}}} 马8进7 *"),
        format!("1. 炮二平五 ;{said}\n马8进7 *"),
    ] {
        let g = read_pgn(&text).unwrap();
        assert_eq!(g.comment(1), Some(said), "{text:?}");
        let t = read_tree(&text).unwrap();
        let first = t.main_line()[0];
        assert_eq!(t.node(first).unwrap().comment.as_deref(), Some(said));
        for n in [Notation::Chinese, Notation::Wxf, Notation::Iccs] {
            let back = read_tree(&write_tree(&t, n)).unwrap();
            assert_eq!(back.first_difference(&t), None, "{n:?}");
        }
    }
    // Between moves a stray U+FFFD is still skipped, so the moves around it read.
    let g = read_pgn("1. 炮二平五 \u{FFFD}马8进7 *").unwrap();
    assert_eq!(g.moves(), &[mv("h2e2"), mv("h9g7")]);
}
