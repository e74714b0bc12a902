//! The game as a tree: variations added from any position, promoted and deleted, each line judged
//! on its own under the 1999 rules; and PGN with the whole tree (variations, comments, NAGs,
//! drawings, evaluations) in every notation, read back to the same tree.

use xiangqi_club::lang::{Lang, Say};
use xiangqi_club::xiangqi::game::Reason;
use xiangqi_club::xiangqi::notation::pgn::{
    read_pgn, read_tree, read_tree_all, write_pgn, write_tree, PgnErrorKind, MAX_NESTING,
};
use xiangqi_club::xiangqi::notation::{Notation, NotationError};
use xiangqi_club::xiangqi::tree::{
    mark_of, nag_of, Arrow, Circle, Eval, GameTree, MarkColor, NodeId, TreeError,
};
use xiangqi_club::xiangqi::{Color, Move, PlayError, Position, Square};

fn mv(s: &str) -> Move {
    Move::from_iccs(s).unwrap()
}

fn sq(s: &str) -> Square {
    Square::parse(s).unwrap()
}

/// Plays `moves` (ICCS) from `at`, returning the last node.
fn line(t: &mut GameTree, at: NodeId, moves: &[&str]) -> NodeId {
    moves
        .iter()
        .fold(at, |at, m| t.add_move(at, mv(m)).unwrap())
}

const NOTATIONS: [Notation; 3] = [Notation::Chinese, Notation::Wxf, Notation::Iccs];

fn round_trips(t: &GameTree) {
    for n in NOTATIONS {
        let text = write_tree(t, n);
        let back = read_tree(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        assert_eq!(back.first_difference(t), None, "{n:?}\n{text}");
    }
}

/// 1. 炮二平五 马８进７ (1... 炮８平５ 2. 马二进三 (2. 炮五进四) 马８进７) 2. 马二进三 车９平８
fn study() -> (GameTree, [NodeId; 5]) {
    let mut t = GameTree::default();
    let r = t.root();
    let c = line(&mut t, r, &["h2e2"]);
    let main = line(&mut t, c, &["h9g7", "h0g2", "i9h9"]);
    let shun = t.add_move(c, mv("h7e7")).unwrap();
    let horse = line(&mut t, shun, &["h0g2"]);
    let take = t.add_move(shun, mv("e2e6")).unwrap();
    line(&mut t, horse, &["h9g7"]);
    (t, [c, main, shun, horse, take])
}

#[test]
fn a_move_from_an_earlier_position_starts_a_variation_and_the_main_line_stays() {
    let (t, [c, main, shun, horse, take]) = study();
    assert_eq!(t.main_line().len(), 4);
    assert_eq!(t.moves_to(main), ["h2e2", "h9g7", "h0g2", "i9h9"].map(mv));
    assert_eq!(t.children(c).len(), 2);
    assert_eq!(t.children(c)[1], shun);
    assert_eq!(t.children(shun), &[horse, take]);
    assert_eq!(t.variation_count(), 2);
    assert!(t.is_main_line(main) && !t.is_main_line(horse));
    assert_eq!(t.line(take), vec![c, shun, take]);
    assert_eq!(t.line_through(shun).len(), 4);
    assert_eq!(t.position(take).unwrap().turn(), Color::Black);
    assert_eq!(t.ply(take), Some(3));
    // The same move again goes to the existing node, not a new variation.
    let mut t2 = t.clone();
    assert_eq!(t2.add_move(c, mv("h7e7")), Ok(shun));
    assert_eq!(t2.variation_count(), 2);
    assert!(matches!(
        t2.add_move(c, mv("a0a5")),
        Err(TreeError::Play(_))
    ));
}

#[test]
fn promote_delete_and_delete_from() {
    let (mut t, [c, main, shun, horse, take]) = study();
    // Promoting a move deep in a variation promotes that variation one step.
    t.promote(horse).unwrap();
    assert_eq!(t.children(c)[0], shun, "顺炮 is now the main line");
    assert!(t.is_main_line(horse));
    assert_eq!(t.promote(main), Ok(()));
    assert_eq!(t.children(c)[0], t.line(main)[1]);
    assert_eq!(t.promote(t.root()), Err(TreeError::Root));
    assert_eq!(t.promote(main), Err(TreeError::MainLine));
    t.make_main_line(take).unwrap();
    assert_eq!(t.main_line(), vec![c, shun, take]);
    // Deleting a variation takes it from where it branched; the main line has none.
    assert_eq!(t.delete_variation(main), Ok(c));
    assert_eq!(t.children(c), &[shun]);
    assert!(t.node(main).is_none());
    assert_eq!(t.delete_variation(take), Err(TreeError::MainLine));
    assert_eq!(t.delete_variation(horse), Ok(shun));
    assert_eq!(t.children(shun), &[take]);
    assert_eq!(t.delete_from(shun), Ok(c));
    assert!(t.children(c).is_empty());
    assert_eq!(t.len(), 1);
    // A deleted id is refused, never a panic.
    assert_eq!(t.delete_from(take), Err(TreeError::NoSuchNode));
    assert_eq!(t.add_move(take, mv("h0g2")), Err(TreeError::NoSuchNode));
    assert_eq!(t.promote(horse), Err(TreeError::NoSuchNode));
    assert!(t.line(take).is_empty());
    assert_eq!(t.delete_from(t.root()), Err(TreeError::Root));
    assert!(TreeError::MainLine.say(Lang::Zh).contains("主线"));
}

#[test]
fn each_line_has_its_own_verdict() {
    // Red to mate with 车 on b9; a variation that does not mate goes on, judged on its own line.
    let start = Position::from_fen("3k5/R8/1R7/9/9/9/9/9/9/4K4 w").unwrap();
    let mut t = GameTree::new(start);
    let r = t.root();
    let mate = t.add_move(r, mv("b7b9")).unwrap();
    let quiet = t.add_move(r, mv("a8a7")).unwrap();
    let v = t.verdict(mate).unwrap();
    assert_eq!(
        (v.result_token(), v.reason, v.clause),
        ("1-0", Reason::Checkmate, "4.1.1")
    );
    assert_eq!(t.verdict(quiet), None);
    assert_eq!(t.verdict(r), None);
    // The mated line takes no more moves; the other line does.
    assert_eq!(
        t.play(mate, mv("d9e9")),
        Err(TreeError::Play(PlayError::GameOver))
    );
    assert!(t.play(quiet, mv("d9d8")).is_ok());

    // Perpetual check in a variation (rule 24.1) is that variation's verdict only.
    let mut t = GameTree::new(Position::from_fen("4k4/9/9/9/9/9/9/9/R8/3K5 w").unwrap());
    let r = t.root();
    let quiet = t.add_move(r, mv("a1a2")).unwrap();
    let checks = line(
        &mut t,
        r,
        &[
            "a1e1", "e9f9", "e1f1", "f9e9", "f1e1", "e9f9", "e1f1", "f9e9", "f1e1",
        ],
    );
    let v = t.verdict(checks).expect("perpetual check");
    assert_eq!(
        (v.reason, v.clause, v.side),
        (Reason::PerpetualCheck, "24.1", Some(Color::Red))
    );
    assert_eq!(
        t.verdict(quiet),
        None,
        "the other line is not judged by this one"
    );
}

#[test]
fn comments_marks_drawings_and_evals_round_trip_in_every_notation() {
    let (mut t, [c, main, shun, horse, take]) = study();
    t.set_tag("Event", "教学");
    t.set_tag("Red", "老师");
    t.set_tag("Result", "1/2-1/2");
    t.set_tag("Annotator", "X \"Y\"");
    let r = t.root();
    t.add_comment(r, "开局讲解\n第二行");
    t.add_comment(c, "当头炮");
    let n = t.node_mut(c).unwrap();
    n.nags.push(nag_of("!").unwrap());
    n.arrows.push(Arrow {
        color: MarkColor::Green,
        from: sq("h9"),
        to: sq("g7"),
    });
    n.arrows.push(Arrow {
        color: MarkColor::Red,
        from: sq("b9"),
        to: sq("c7"),
    });
    n.circles.push(Circle {
        color: MarkColor::Yellow,
        at: sq("e3"),
    });
    n.eval = Some(Eval::Centipawns(35));
    t.node_mut(shun).unwrap().before = Some("顺炮也可以".into());
    t.node_mut(shun).unwrap().nags.extend([5, 146]);
    t.node_mut(take).unwrap().eval = Some(Eval::Mate(-3));
    t.node_mut(take).unwrap().nags.push(nag_of("??").unwrap());
    t.node_mut(horse).unwrap().eval = Some(Eval::Centipawns(-5));
    t.add_comment(main, "end of the main line");
    round_trips(&t);
    // What the text says, as lichess writes it.
    let text = write_tree(&t, Notation::Iccs);
    assert!(text.contains("[%cal Gh9g7,Rb9c7]"), "{text}");
    assert!(text.contains("[%csl Ye3]"), "{text}");
    assert!(
        text.contains("[%eval 0.35]") && text.contains("[%eval #-3]"),
        "{text}"
    );
    assert!(text.contains("h2e2 $1"), "{text}");
    assert!(text.contains("( {顺炮也可以} 1... h7e7 $5 $146"), "{text}");
    assert!(text.trim_end().ends_with("1/2-1/2"), "{text}");
    assert_eq!(mark_of(6), Some("?!"));
    // The main-line reader keeps the moves and the comments (drawings stay as commands).
    let main_only = read_pgn(&text).unwrap();
    assert_eq!(main_only.moves().len(), 4);
    assert_eq!(main_only.variations, 2);
    assert!(main_only.comment(1).unwrap().contains("[%cal Gh9g7,Rb9c7]"));
    // After a promotion the tree still round-trips (a comment before a main move moves up).
    t.make_main_line(take).unwrap();
    round_trips(&t);
    assert_eq!(
        t.node(c).unwrap().comment.as_deref(),
        Some("当头炮\n顺炮也可以")
    );
}

#[test]
fn marks_glued_to_moves_and_black_first_variations_read() {
    let t = read_tree(
        "1. 炮二平五!? 马８进７?! (1... 炮８平５!! {顺炮}) (1... 马２进３ $2) 2. 马二进三 * ",
    )
    .unwrap();
    let main = t.main_line();
    assert_eq!(t.node(main[0]).unwrap().nags, vec![5]);
    assert_eq!(t.node(main[1]).unwrap().nags, vec![6]);
    let vars = t.siblings(main[1]);
    assert_eq!(vars.len(), 3);
    assert_eq!(t.node(vars[1]).unwrap().nags, vec![3]);
    assert_eq!(t.node(vars[1]).unwrap().comment.as_deref(), Some("顺炮"));
    assert_eq!(t.node(vars[2]).unwrap().nags, vec![2]);
    round_trips(&t);
}

#[test]
fn a_game_without_variations_writes_as_before() {
    let text =
        "[Event \"e\"]\n[Red \"r\"]\n{开局}\n1. 炮二平五 {c} 马８进７ 2. 马二进三 车９平８ 1-0\n";
    let t = read_tree(text).unwrap();
    for n in NOTATIONS {
        assert_eq!(write_tree(&t, n), write_pgn(&read_pgn(text).unwrap(), n));
    }
}

#[test]
fn bad_trees_stop_with_the_line_and_the_move_and_keep_what_came_before() {
    // An illegal move inside a variation: the line of the text, the move, the depth.
    let text = "1. 炮二平五 马８进７\n2. 马二进三 (2. 车一进九 车９平８)\n2... 车９平８ *";
    let e = read_tree(text).unwrap_err();
    assert_eq!((e.line, e.depth), (2, 1));
    match &e.kind {
        PgnErrorKind::BadMove { round, side, error } => {
            assert_eq!((*round, *side), (2, Color::Red));
            assert!(matches!(error, NotationError::Illegal { text, .. } if text == "车一进九"));
        }
        k => panic!("{k:?}"),
    }
    assert_eq!(
        e.partial.main_line().len(),
        3,
        "everything before it is kept"
    );
    assert!(e.to_string().contains("line 2"), "{e}");
    assert!(e.to_string().contains("车一进九"), "{e}");
    assert!(e.say(Lang::Zh).contains("第 2 行"), "{}", e.say(Lang::Zh));
    assert!(e.say(Lang::Zh).contains("变着"), "{}", e.say(Lang::Zh));
    // The main-line reader skips variations, so the same file reads whole there.
    assert_eq!(read_pgn(text).unwrap().moves().len(), 4);

    // Unbalanced `(` and `{`.
    let e = read_tree("1. 炮二平五 马８进７ (1... 炮８平５\n2. 马二进三 *").unwrap_err();
    assert_eq!(e.kind, PgnErrorKind::Unclosed('('));
    assert_eq!(e.partial.len(), 4);
    let e = read_tree("1. 炮二平五 马８进７ {unclosed 2. 马二进三").unwrap_err();
    assert_eq!(e.kind, PgnErrorKind::Unclosed('{'));
    assert_eq!(e.partial.len(), 2);
    // A stray `)` is ignored.
    assert_eq!(read_tree("1. 炮二平五 ) 马８进７ *").unwrap().len(), 2);

    // Variations nested 1,000 deep: refused past the limit, what came before kept.
    let mut deep = String::from("1. h2e2 h9g7 2. h0g2 ");
    for _ in 0..1000 {
        deep.push_str("( 2. b0c2 ");
    }
    for _ in 0..1000 {
        deep.push(')');
    }
    let e = read_tree(&deep).unwrap_err();
    assert_eq!(e.kind, PgnErrorKind::TooDeep { limit: MAX_NESTING });
    assert_eq!(e.depth, MAX_NESTING);
    assert!(e.partial.len() >= 3);
    assert!(e.to_string().contains("more than 100 deep"), "{e}");
    assert_eq!(read_pgn(&deep).unwrap().moves().len(), 3);
    assert_eq!(read_pgn(&deep).unwrap().variations, 1000);
}

#[test]
fn deep_trees_built_in_code_write_without_overflowing() {
    // 3,000 variations, each nested in the one before: the writer keeps its own stack, and the
    // reader refuses past its limit with what came before kept.
    let mut t = GameTree::default();
    let mut at = t.root();
    for _ in 0..3000 {
        let legal = t.position(at).unwrap().legal_moves();
        let [a, b] = [legal.as_slice()[0], legal.as_slice()[legal.len() - 1]];
        t.add_move(at, a).unwrap();
        at = t.add_move(at, b).unwrap();
        if t.position(at).unwrap().legal_moves().len() < 2 {
            break;
        }
    }
    assert!(t.variation_count() > 1000);
    let text = write_tree(&t, Notation::Iccs);
    assert!(text.matches('(').count() > 1000);
    let e = read_tree(&text).unwrap_err();
    assert_eq!(e.kind, PgnErrorKind::TooDeep { limit: MAX_NESTING });
    assert!(e.partial.variation_count() >= MAX_NESTING);
}

#[test]
fn xqwizard_style_variations_open_as_trees() {
    // As XQWizard writes them: `(` right after a comment, `)` glued to the next move number.
    let text = "[Game \"Chinese Chess\"]\n1. 炮二平五  炮８平５ 2. 马二进三  马８进７\n{好棋\n}\n (2. ... 车９进１ (2. ... 马２进３ )3. 车一平二 )3. 车一平二  车９平８ 1-0";
    let t = read_tree(text).unwrap();
    assert_eq!(t.main_line().len(), 6);
    assert_eq!(t.variation_count(), 2);
    assert_eq!(t.result().pgn(), "1-0");
    round_trips(&t);
    let all = read_tree_all(&format!("{text}\n\n{text}"));
    assert_eq!(all.len(), 2);
    assert!(all
        .iter()
        .all(|g| g.as_ref().is_ok_and(|g| g.variation_count() == 2)));
}

// --- DhtmlXQ / UBB ---------------------------------------------------------------------------

use xiangqi_club::xiangqi::notation::dhtmlxq::{read_dhtmlxq, write_dhtmlxq, DhtmlXqErrorKind};

const BINIT: &str = "8979695949392919097717866646260600102030405060708012720323436383";

fn ubb() -> String {
    format!(
        "论坛帖子……\n[DhtmlXQ]\n[DhtmlXQ_ver]www_dpxq_com[/DhtmlXQ_ver]\n[DhtmlXQ_title]测试[/DhtmlXQ_title]\n\
         [DhtmlXQ_red]许银川[/DhtmlXQ_red]\n[DhtmlXQ_black]吕钦[/DhtmlXQ_black]\n\
         [DhtmlXQ_result]红胜[/DhtmlXQ_result]\n[DhtmlXQ_redteam]广东[/DhtmlXQ_redteam]\n\
         [DhtmlXQ_binit]{BINIT}[/DhtmlXQ_binit]\n[DhtmlXQ_movelist]7747706279678070[/DhtmlXQ_movelist]\n\
         [DhtmlXQ_move_1_3_2]4743[/DhtmlXQ_move_1_3_2]\n[DhtmlXQ_move_0_2_1]72427967[/DhtmlXQ_move_0_2_1]\n\
         [DhtmlXQ_comment0]开局[/DhtmlXQ_comment0]\n[DhtmlXQ_comment1]当头炮||第二行[/DhtmlXQ_comment1]\n\
         [DhtmlXQ_comment1_2]顺炮[/DhtmlXQ_comment1_2]\n[DhtmlXQ_comment2_3]\\u597d棋[/DhtmlXQ_comment2_3]\n[/DhtmlXQ]\n"
    )
}

#[test]
fn dhtmlxq_opens_as_a_tree_with_branches_comments_and_headers() {
    let t = read_dhtmlxq(&ubb()).unwrap();
    assert_eq!(
        t.moves_to(*t.main_line().last().unwrap()),
        ["h2e2", "h9g7", "h0g2", "i9h9"].map(mv)
    );
    assert_eq!(t.variation_count(), 2);
    let first = t.main_line()[0];
    let shun = t.children(first)[1];
    assert_eq!(t.node(shun).unwrap().mv(), Some(mv("h7e7")));
    assert_eq!(t.node(shun).unwrap().comment.as_deref(), Some("顺炮"));
    // Branch 2 is an alternative to the third move of branch 1.
    let take = t.children(shun)[1];
    assert_eq!(t.node(take).unwrap().mv(), Some(mv("e2e6")));
    assert_eq!(t.node(take).unwrap().comment.as_deref(), Some("好棋"));
    assert_eq!(
        t.node(first).unwrap().comment.as_deref(),
        Some("当头炮\n第二行")
    );
    assert_eq!(t.node(t.root()).unwrap().comment.as_deref(), Some("开局"));
    assert_eq!(t.tag("Red"), Some("许银川"));
    assert_eq!(t.tag("Title"), Some("测试"));
    assert_eq!(t.tag("redteam"), Some("广东"));
    assert_eq!(t.result().pgn(), "1-0");
    // The same tree as PGN.
    round_trips(&t);
}

#[test]
fn dhtmlxq_round_trips_trees() {
    let (mut t, [c, main, _, horse, take]) = study();
    t.set_tag("Event", "教学");
    t.set_tag("Result", "0-1");
    t.set_tag("Annotator", "老师");
    t.add_comment(t.root(), "开局讲解\n第二行");
    t.add_comment(c, "当头炮");
    t.add_comment(take, "炮打中卒");
    t.node_mut(horse).unwrap().arrows.push(Arrow {
        color: MarkColor::Blue,
        from: sq("b0"),
        to: sq("c2"),
    });
    t.node_mut(main).unwrap().eval = Some(Eval::Centipawns(-120));
    let text = write_dhtmlxq(&t);
    let back = read_dhtmlxq(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
    assert_eq!(back.first_difference(&t), None, "{text}");
    assert!(
        text.contains("[DhtmlXQ_result]黑胜[/DhtmlXQ_result]"),
        "{text}"
    );
    assert!(text.contains("[DhtmlXQ_movelist]77477062796780"), "{text}");
    // A start of one's own, Black to move.
    let mut e = GameTree::new(Position::from_fen("3k5/9/9/9/9/9/9/9/4R4/5K3 b").unwrap());
    let r = e.root();
    line(&mut e, r, &["d9d8", "e1d1"]);
    let text = write_dhtmlxq(&e);
    assert!(text.contains("[DhtmlXQ_binit]"), "{text}");
    assert_eq!(read_dhtmlxq(&text).unwrap().first_difference(&e), None);
    // The forum text's own tree comes back too.
    let u = read_dhtmlxq(&ubb()).unwrap();
    assert_eq!(
        read_dhtmlxq(&write_dhtmlxq(&u))
            .unwrap()
            .first_difference(&u),
        None
    );
}

#[test]
fn dhtmlxq_faults_name_the_byte_and_keep_what_was_read() {
    // An illegal move in a branch.
    let bad = ubb().replace("[DhtmlXQ_move_1_3_2]4743", "[DhtmlXQ_move_1_3_2]4749");
    let e = read_dhtmlxq(&bad).unwrap_err();
    assert_eq!(e.offset, bad.find("[DhtmlXQ_move_1_3_2]").unwrap());
    assert!(
        matches!(&e.kind, DhtmlXqErrorKind::IllegalMove { ply: 3, digits, .. } if digits == "4749")
    );
    assert_eq!(e.partial.main_line().len(), 4);
    assert_eq!(e.partial.variation_count(), 1);
    assert!(e.to_string().contains("byte"), "{e}");
    assert!(e.say(Lang::Zh).contains("字节"), "{}", e.say(Lang::Zh));
    // A branch from nowhere, a tag never closed, a bad binit, odd digits, no DhtmlXQ at all.
    let orphan = ubb().replace("move_1_3_2", "move_7_3_2");
    assert!(matches!(
        read_dhtmlxq(&orphan).unwrap_err().kind,
        DhtmlXqErrorKind::NoParent { .. }
    ));
    let open = ubb().replace("[/DhtmlXQ_movelist]", "");
    let e = read_dhtmlxq(&open).unwrap_err();
    assert_eq!(e.offset, open.find("[DhtmlXQ_movelist]").unwrap());
    assert!(matches!(e.kind, DhtmlXqErrorKind::Unclosed { .. }));
    let binit = ubb().replace(BINIT, "1234");
    assert_eq!(
        read_dhtmlxq(&binit).unwrap_err().kind,
        DhtmlXqErrorKind::BadStart
    );
    let odd = ubb().replace("7747706279678070", "774770627");
    assert!(matches!(
        read_dhtmlxq(&odd).unwrap_err().kind,
        DhtmlXqErrorKind::BadDigits { .. }
    ));
    assert_eq!(
        read_dhtmlxq("1. 炮二平五").unwrap_err().kind,
        DhtmlXqErrorKind::NotDhtmlXq
    );
}
