//! The play page's sentences and messages in both languages; the fixed words it shares with the
//! other screens are the app's catalogue (`ui/words.rs`), re-exported here.

use super::engine_panel::EngineNote;
use super::move_box::Refusal;
use super::{Confirm, Note};
use crate::lang::{Lang, Say, Text};
pub use crate::ui::words::*;
use crate::xiangqi::notation::record::PgnResult;
use crate::xiangqi::session::{EnterError, RecordedEnd};
use crate::xiangqi::{Color, Piece};

// The page's own fixed words (no other page says them).
// access.rs
pub const WOOD: Text = Text::new("木纹", "Wood");
pub const GREEN: Text = Text::new("绿色", "Green");
pub const BLUE: Text = Text::new("蓝色", "Blue");
pub const HIGH_CONTRAST_WHITE_BLACK: Text =
    Text::new("高对比（白底黑线）", "High contrast (white, black lines)");
pub const START_POSITION: Text = Text::new("开局局面", "Start position");
pub const TAKES: Text = Text::new("，吃", ", takes ");
pub const CHECK: Text = Text::new("将军！", "Check!");
pub const NO_CLOCK_IN_THIS_GAME: Text = Text::new("本局不计时", "This game has no clock");
pub const TRADITIONAL_CHARACTERS: Text = Text::new("传统汉字", "Traditional characters");
pub const WESTERN_STYLE_SYMBOLS: Text = Text::new("国际象棋式图形", "Western-style symbols");
pub const HIGH_CONTRAST: Text = Text::new("高对比", "High contrast");
pub const BOARD_COLOUR: Text = Text::new("棋盘颜色", "Board colour");
pub const SOUND_MOVE_CAPTURE_CHECK: Text = Text::new(
    "声音（走子、吃子、将军、时间不足、终局）",
    "Sound (move, capture, check, low time, game end)",
);
// editor.rs
pub const ERASER: Text = Text::new("橡皮（移除）", "Eraser");
pub const CLEAR_BOARD: Text = Text::new("清空棋盘", "Clear board");
pub const INITIAL_POSITION: Text = Text::new("初始局面", "Start position");
pub const SIDE_TO_MOVE: Text = Text::new("走棋方", "Side to move");
pub const LOAD: Text = Text::new("载入", "Load");
pub const RED_PIECES: Text = Text::new("红方棋子", "Red pieces");
pub const BLACK_PIECES: Text = Text::new("黑方棋子", "Black pieces");
pub const CLICK_TO_PLACE_DRAG: Text = Text::new(
    "点击放子，拖动移子，右键或橡皮移除",
    "Click to place, drag to move, right-click or eraser to remove",
);
pub const PLAY_FROM_THIS_POSITION: Text = Text::new("从此局面开始对弈", "Play from this position");
// engine_panel.rs
pub const BEGINNER: Text = Text::new("入门", "Beginner");
pub const NOVICE: Text = Text::new("初级", "Novice");
pub const CASUAL: Text = Text::new("业余", "Casual");
pub const ADVANCED: Text = Text::new("进阶", "Advanced");
pub const STRONG: Text = Text::new("强", "Strong");
pub const EXPERT: Text = Text::new("很强", "Expert");
pub const FULL_STRENGTH: Text = Text::new("全力", "Full strength");
pub const ELO: Text = Text::new("等级分", "Elo");
pub const PAWNS_FROM_REDS_SIDE: Text = Text::new(
    "兵（红方视角：正数红优，负数黑优）",
    "pawns, from Red's side (+ Red better, − Black better)",
);
pub const ENGINE_COULD_NOT_START: Text = Text::new("引擎无法启动", "The engine could not start");
pub const NO_THREATS_TO_SHOW: Text =
    Text::new("被将军时无法显示威胁", "No threats to show while in check");
pub const COMPUTER_PLAYS: Text = Text::new("电脑执", "Computer plays");
pub const NOBODY: Text = Text::new("不参与", "Nobody");
pub const LEVEL: Text = Text::new("等级", "Level");
pub const LINES: Text = Text::new("线路数", "Lines");
pub const TIME_PER_MOVE: Text = Text::new("每步用时", "Time per move");
pub const NEURAL_NETWORK: Text =
    Text::new("神经网络评估（NNUE）", "Neural network evaluation (NNUE)");
pub const NETWORK_NOT_LOADED: Text = Text::new(
    "神经网络的权重无法载入，仍用手写评估",
    "The neural network's weights could not be loaded: the hand-written evaluation plays instead",
);
pub const ANALYSE: Text = Text::new("分析", "Analyse");
pub const STOP_ANALYSIS: Text = Text::new("停止分析", "Stop analysis");
pub const COMPUTER_ACTIONS: Text = Text::new("电脑操作", "Computer actions");
pub const SHOW_THREATS: Text = Text::new("显示威胁", "Show threats");
pub const MOVE_NOW: Text = Text::new("立即走棋", "Move now");
pub const THE_COMPUTER_IS_THINKING: Text = Text::new("电脑思考中…", "The computer is thinking…");
pub const FINDING_A_HINT: Text = Text::new("正在找提示…", "Finding a hint…");
pub const FINDING_THREATS: Text = Text::new("正在找威胁…", "Finding threats…");
pub const ANALYSING: Text = Text::new("分析中…", "Analysing…");
pub const BEST_LINES: Text = Text::new("最佳线路", "Best lines");
pub const THREAT: Text = Text::new("威胁", "Threat");
pub const BEST_LINE: Text = Text::new("最佳着法", "Best line");
pub const EVALUATION_REDS_VIEW: Text = Text::new("局面评估（红方视角）", "Evaluation (Red's view)");
pub const DEPTH: Text = Text::new("深度", "depth");
pub const NODES: Text = Text::new("节点", "nodes");
pub const SPEED: Text = Text::new("速度", "speed");
pub const COMPUTER: Text = Text::new("电脑", "Computer");
// move_box.rs
pub const THE_COMPUTER_IS_THINKING_TYPE: Text = Text::new(
    "电脑正在思考：请等它走完再输入着法",
    "The computer is thinking: type your move once it has played",
);
pub const THE_GAME_IS_OVER: Text = Text::new("对局已结束", "The game is over");
pub const MATCHING_MOVES: Text = Text::new("符合的着法", "Matching moves");
pub const TYPE_A_MOVE: Text = Text::new("输入着法 (/)", "Type a move (/)");
pub const MOVE_EXAMPLE: Text = Text::new("如 炮二平五、C2.5、h2e2", "e.g. C2.5 or h2e2");
pub const PLAY_MOVE: Text = Text::new("走棋", "Play");
pub const STILL_LOADING: Text = Text::new("加载中…", "Loading…");
// moves.rs
pub const STEP_THROUGH: Text = Text::new("浏览", "Step through");
pub const FIRST_POSITION: Text = Text::new("开局", "First position");
pub const PREVIOUS_MOVE: Text = Text::new("上一步", "Previous move");
pub const NEXT_MOVE: Text = Text::new("下一步", "Next move");
pub const LAST_POSITION: Text = Text::new("最新", "Last position");
// play.rs
pub const LINK_COPIED: Text = Text::new("已复制链接 ✓", "Link copied ✓");
pub const FEN_COPIED: Text = Text::new("已复制 FEN ✓", "FEN copied ✓");
pub const COMPUTER_ACCEPTS_DRAW: Text = Text::new(
    "电脑同意和棋：它的评估不占优（第23.1条）",
    "The computer accepts the draw: it does not stand better (rule 23.1)",
);
pub const COMPUTER_DECLINES_DRAW: Text = Text::new(
    "电脑拒绝和棋，继续对局（第23.1条）",
    "The computer declines the draw and plays on (rule 23.1)",
);
pub const STORAGE_FULL_GAME_NOT_SAVED: Text = Text::new("存储已满：之前保存的对局无法另存，已原样保留；棋盘上这局不会被保存。", "Storage is full: the saved game could not be set aside, so it was kept; the game on the board is not saved.");
pub const STORAGE_IS_FULL_THE_GAME: Text = Text::new(
    "存储已满：棋盘上的对局无法另存，因此没有被替换。",
    "Storage is full: the game on the board could not be set aside, so it was not replaced.",
);
pub const OPEN_THE_SAVED_GAME: Text = Text::new("打开保存的对局", "Open the saved game");
pub const BOARD_VIEW: Text = Text::new("棋盘显示", "Board view");
pub const SHARING: Text = Text::new("分享", "Sharing");
pub const NEW_VARIATION: Text = Text::new("另开变着", "New variation");
pub const YES: Text = Text::new("确定", "Yes");
pub const GAME_PANEL: Text = Text::new("对局信息", "Game panel");
pub const GAME: Text = Text::new("对局", "Game");
pub const RECORD: Text = Text::new("棋谱", "Record");
// play_options.rs
pub const FLIP_BOARD: Text = Text::new("翻转棋盘", "Flip board");
pub const LEAVE_PROJECTOR_ESC: Text = Text::new("退出投影 (Esc)", "Leave projector (Esc)");
pub const PROJECTOR_MODE: Text = Text::new("投影模式", "Projector mode");
pub const NOTATION: Text = Text::new("记谱", "Notation");
pub const CHINESE: Text = Text::new("中文", "Chinese");
pub const CHINESE_SHORT: Text = Text::new("中文简写", "Chinese short");
pub const ANIMATE_MOVES: Text = Text::new("走子动画", "Animate moves");
pub const FAR_SIDE_UPSIDE_DOWN: Text = Text::new(
    "对方棋子倒置（如实物棋盘）",
    "Far side upside down (as on a table)",
);
pub const CLOCK_AND_MOVE_LIMIT: Text = Text::new("计时与限着", "Clock and move limit");
pub const CLOCK_CHOSEN_BEFORE_THE: Text =
    Text::new("棋钟（开局前选择）", "Clock (chosen before the first move)");
pub const NO_CLOCK: Text = Text::new("不计时", "No clock");
pub const CUSTOM_BELOW: Text = Text::new("自定义（见下）", "Custom (below)");
pub const CUSTOM_CONTROL: Text = Text::new("自定义时限", "Custom control");
pub const CONTROL_90M_40_15M_10: Text = Text::new("90分/40着，15分/10着", "90m/40, 15m/10");
pub const MOVE_LIMIT_MOVES_RULE: Text = Text::new(
    "自然限着（回合，第4.2.4条）",
    "Move limit (moves, rule 4.2.4)",
);
pub const PRINT_SCORESHEET: Text = Text::new("打印记录纸", "Print scoresheet");
pub const IMPORT_EXPORT_PGN: Text = Text::new("导入 / 导出棋谱 (PGN)", "Import / export (PGN)");
pub const COPY_LINK: Text = Text::new("复制链接", "Copy link");
pub const COPY_FEN: Text = Text::new("复制 FEN", "Copy FEN");
pub const FEN_AND_LINK: Text = Text::new("FEN 与链接", "FEN and link");
pub const GAME_LINK: Text = Text::new("对局链接", "Game link");
// review.rs
pub const THE_MAIN_LINE_CHANGED: Text = Text::new(
    "分析期间主线已改变，请重新分析",
    "The main line changed during the analysis: analyse again",
);
pub const ANALYSE_THE_GAME: Text = Text::new("全局分析", "Analyse the game");
pub const ANALYSIS_PROGRESS: Text = Text::new("分析进度", "Analysis progress");
pub const EXPORT_THE_REVIEW: Text = Text::new("导出分析棋谱", "Export the review");
pub const EVALUATION_GRAPH_FROM_REDS: Text = Text::new(
    "评估曲线（红方视角，上方红优）",
    "Evaluation graph from Red's side: up is Red better",
);
pub const BY_WINNING_CHANCES_LOST: Text = Text::new(
    "按胜率损失计：欠准 ≥ 5%，失误 ≥ 10%，漏着 ≥ 15%（同 lichess）",
    "By winning chances lost: inaccuracy ≥ 5%, mistake ≥ 10%, blunder ≥ 15% (as lichess)",
);
pub const BETTER: Text = Text::new("更好：", "Better: ");
pub const TO_A_SET: Text = Text::new("加入练习题集", "Add to a training set");
pub const IN_THE_SET: Text = Text::new("✓ 已加入题集", "✓ In the set");
// study.rs
pub const COMMENT_ON_THIS_MOVE: Text = Text::new("本步注释", "Comment on this move");
pub const COMMENT_BEFORE_THE_FIRST: Text =
    Text::new("开局前的注释", "Comment before the first move");
pub const VARIATIONS: Text = Text::new("变着", "Variations");
pub const PROMOTE_VARIATION: Text = Text::new("变着上移", "Promote variation");
pub const MAKE_MAIN_LINE: Text = Text::new("设为主线", "Make main line");
pub const DELETE_VARIATION: Text = Text::new("删除变着", "Delete variation");
pub const DELETE_FROM_HERE: Text = Text::new("从此步删除", "Delete from here");
pub const UNDO_DELETION: Text = Text::new("撤销删除 (Ctrl+Z)", "Undo deletion (Ctrl+Z)");
pub const SHOW_ALL: Text = Text::new("展开全文", "Show all");
pub const SHOW_LESS: Text = Text::new("收起", "Show less");
pub const CONTINUE_FROM_HERE: Text = Text::new(
    "从终局继续（成为新的变着研究）",
    "Continue from here (a new line to study)",
);
pub const EXPORT_THE_WHOLE_STUDY: Text = Text::new(
    "导出整个棋谱（含变着、注释）",
    "Export the whole study (variations, comments)",
);
pub const SEARCH_PLAYER_EVENT_TITLE: Text =
    Text::new("搜索：棋手、赛事、标题", "Search: player, event, title");
pub const OPEN_A_GAME_FILE: Text = Text::new("打开棋谱文件", "Open a game file");
pub const PASTE_A_GAME_PGN_DHTMLXQ: Text =
    Text::new("粘贴棋谱（PGN / DhtmlXQ）", "Paste a game (PGN / DhtmlXQ)");
pub const OPEN: Text = Text::new("打开", "Open");
pub const MY_STUDIES: Text = Text::new("我的研习", "My studies");
pub const STUDY_NAME: Text = Text::new("研习名称", "Study name");
pub const SAVE: Text = Text::new("保存", "Save");
pub const EXPORT_ALL_AS_PGN: Text = Text::new("全部导出为 PGN", "Export all as PGN");
pub const RENAME_TO_THE_NAME: Text = Text::new("改名为上面的名称", "Rename to the name above");
pub const DELETE: Text = Text::new("删除", "Delete");
pub const OPENING: Text = Text::new("开局", "Opening");
// verdict.rs
pub const GAME_STATUS: Text = Text::new("对局状态", "Game status");
pub const THE_REPEATED_CYCLE_FIRST: Text = Text::new(
    "循环着法（从第一次出现到第三次出现）",
    "The repeated cycle (first to third occurrence)",
);
pub const PLY: Text = Text::new("着", "Ply");
pub const SIDE: Text = Text::new("方", "Side");
pub const RULE: Text = Text::new("条款", "Rule");
pub const YOU_OFFERED_A_DRAW: Text = Text::new(
    "你已提和，电脑想好后答复",
    "You offered a draw; the computer answers once it has thought",
);
pub const ACCEPT_DRAW: Text = Text::new("同意和棋", "Accept draw");
pub const DECLINE: Text = Text::new("拒绝", "Decline");
pub const OFFER_A_DRAW_THE: Text =
    Text::new("提和（电脑答复）", "Offer a draw (the computer answers)");
pub const OFFER_DRAW_WITH_NEXT_MOVE: Text =
    Text::new("下一着走后提和", "Offer a draw with my next move");
pub const DRAW_OFFER_ARMED: Text = Text::new(
    "将随下一着提和（点击取消）",
    "Draw offer goes with your next move (click to cancel)",
);
pub const OFFER_DRAW_AFTER_MOVE: Text =
    Text::new("走完一着后才能提和", "Offer a draw after a move");
pub const TAKE_BACK: Text = Text::new("悔棋", "Take back");
pub const RULE_23_1_OFFER: Text = Text::new(
    "第23.1条：在己方走完一着后、对方思考时提和",
    "Rule 23.1: offer after making your own move, on your opponent's time",
);
pub const MORE_ACTIONS: Text = Text::new("更多操作", "More actions");
pub const START_NEW_GAME: Text = Text::new("新对局", "New game");
pub const REDO: Text = Text::new("还原悔棋", "Redo");
pub const SET_UP_POSITION: Text = Text::new("摆局", "Set up position");
pub const RESTORE_PREVIOUS_GAME: Text = Text::new("恢复上一局", "Restore previous game");
pub const GAME_ACTIONS: Text = Text::new("对局操作", "Game actions");
pub const RED_RESIGNS: Text = Text::new("红方认输", "Red resigns");
pub const BLACK_RESIGNS: Text = Text::new("黑方认输", "Black resigns");
pub const READING_PROGRESS: Text = Text::new("读取进度", "Reading progress");
pub const FILE_COULD_NOT_BE_READ: Text = Text::new(
    "无法在后台读取棋谱文件，请重试",
    "The game file could not be read in the background; try again",
);

/// A palette piece's name in the position editor: side and piece.
pub struct PieceName(pub Piece);

impl Say for PieceName {
    fn say(&self, lang: Lang) -> String {
        let PieceName(p) = self;
        match lang {
            Lang::Zh => format!("{}{}", p.color.say(lang), p.chinese()),
            Lang::En => format!("{} {}", p.color.say(lang), p.role.english()),
        }
    }
}

/// The time a side has left, said on request (`t` on the board).
pub struct TimeLeft {
    pub side: Color,
    pub minutes: u64,
    pub seconds: u64,
}

impl Say for TimeLeft {
    fn say(&self, lang: Lang) -> String {
        let TimeLeft {
            side,
            minutes: m,
            seconds: s,
        } = self;
        match lang {
            Lang::Zh => format!("{}{m}分{s}秒", side.say(lang)),
            Lang::En => format!("{} {m} min {s} s", side.say(lang)),
        }
    }
}

/// A forced mate the engine found: the side that mates, in how many moves.
pub enum MatesIn {
    Red(i32),
    Black(i32),
}

impl Say for MatesIn {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (MatesIn::Red(m), Lang::Zh) => format!("红 {m} 步杀"),
            (MatesIn::Red(m), Lang::En) => format!("Red mates in {m}"),
            (MatesIn::Black(m), Lang::Zh) => format!("黑 {m} 步杀"),
            (MatesIn::Black(m), Lang::En) => format!("Black mates in {m}"),
        }
    }
}

impl Say for Refusal {
    fn say(&self, lang: Lang) -> String {
        match self {
            Refusal::Typed(e) => e.say(lang),
            Refusal::Thinking => THE_COMPUTER_IS_THINKING_TYPE.get(lang).into(),
            Refusal::Over => THE_GAME_IS_OVER.get(lang).into(),
        }
    }
}

impl Say for Confirm {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (Confirm::Cut(_, n), _) => EnterError::WouldCut { later: *n }.say(lang),
            (Confirm::NewGame, Lang::Zh) => "开始新对局？当前对局将被替换（可恢复）。".into(),
            (Confirm::NewGame, Lang::En) => {
                "Start a new game? The current one will be replaced (it can be restored).".into()
            }
            (Confirm::Resign(c), Lang::Zh) => format!("{}认输，结束对局？", c.say(lang)),
            (Confirm::Resign(c), Lang::En) => format!("{} resigns and the game ends?", c.say(lang)),
            (Confirm::FoulOffer(c), Lang::Zh) => format!(
                "{}上次的提和已被拒绝，再次提和将判犯规（第9.1.3条），三次犯规判负（第4.1.8条）。仍要提和吗？",
                c.say(lang)
            ),
            (Confirm::FoulOffer(c), Lang::En) => format!(
                "{}'s last draw offer was refused: offering again is a foul (rule 9.1.3), and three fouls lose (rule 4.1.8). Offer anyway?",
                c.say(lang)
            ),
        }
    }
}

impl Say for Note {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (Note::Illegal(e), _) => e.say(lang),
            (Note::GameOver, _) => THE_GAME_IS_OVER.get(lang).into(),
            (Note::NotYourTurn(c), Lang::Zh) => format!("现在轮到{}走棋", c.say(lang)),
            (Note::NotYourTurn(c), Lang::En) => format!("It is {}'s turn", c.say(lang)),
            (Note::CopiedLink, _) => LINK_COPIED.get(lang).into(),
            (Note::CopiedFen, _) => FEN_COPIED.get(lang).into(),
            (Note::Limit(e), _) => e.say(lang),
            (Note::AfterEnd(a), _) => a.say(lang),
            (Note::NotShown(n), _) => n.say(lang),
            (Note::Archive(e), _) => e.say(lang),
            (Note::ArchiveIn(name, e), Lang::Zh) => format!("{name}：{}", e.say(lang)),
            (Note::ArchiveIn(name, e), Lang::En) => format!("{name}: {}", e.say(lang)),
            (Note::ReadAs(f, n), Lang::Zh) => format!("已按 {} 格式打开：{n} 局", f.name()),
            (Note::ReadAs(f, 1), Lang::En) => format!("Opened as {}: 1 game", f.name()),
            (Note::ReadAs(f, n), Lang::En) => format!("Opened as {}: {n} games", f.name()),
            (Note::Said(s), _) => s.say(lang),
            (Note::File(e), _) => e.say(lang),
            (Note::Control(e), _) => e.say(lang),
            (Note::Offer(o), _) => o.say(lang),
            (Note::Refused(e), _) => e.say(lang),
            (Note::Import(e), Lang::Zh) => format!("棋谱无法载入：{}", e.say(lang)),
            (Note::Import(e), Lang::En) => format!("The game cannot be loaded: {}", e.say(lang)),
            (Note::Opened(n), _) => n.say(lang),
            (Note::ComputerAnswer(true), _) => COMPUTER_ACCEPTS_DRAW.get(lang).into(),
            (Note::ComputerAnswer(false), _) => COMPUTER_DECLINES_DRAW.get(lang).into(),
            (Note::SavedGameKept, _) => STORAGE_FULL_GAME_NOT_SAVED.get(lang).into(),
            (Note::NotReplaced, _) => STORAGE_IS_FULL_THE_GAME.get(lang).into(),
        }
    }
}

/// The play page's status line and draw controls: sentences with a side or a count.
pub enum GameSaid {
    /// After `ply` plies `turn` is to move; `check` when in check.
    ToMove {
        ply: usize,
        turn: Color,
        check: bool,
    },
    /// After the status line when an earlier ply is shown.
    Viewing(usize),
    /// The fouls so far (three lose, article 4.1.8).
    Fouls { red: u32, black: u32 },
    /// A side offers a draw; the other is asked.
    DrawOffered(Color),
    /// The button with which a side offers a draw after its move.
    OfferDraw(Color),
}

impl Say for GameSaid {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (
                GameSaid::ToMove {
                    ply,
                    turn,
                    check: false,
                },
                Lang::Zh,
            ) => {
                format!("第{ply}着后，轮到{}走棋", turn.say(lang))
            }
            (
                GameSaid::ToMove {
                    ply,
                    turn,
                    check: true,
                },
                Lang::Zh,
            ) => {
                format!("第{ply}着后，轮到{}走棋（被将军）", turn.say(lang))
            }
            (
                GameSaid::ToMove {
                    ply,
                    turn,
                    check: false,
                },
                Lang::En,
            ) => {
                format!("After ply {ply}: {} to move", turn.say(lang))
            }
            (
                GameSaid::ToMove {
                    ply,
                    turn,
                    check: true,
                },
                Lang::En,
            ) => {
                format!("After ply {ply}: {} to move (in check)", turn.say(lang))
            }
            (GameSaid::Viewing(ply), Lang::Zh) => format!(" · 正在查看第 {ply} 着"),
            (GameSaid::Viewing(ply), Lang::En) => format!(" · viewing ply {ply}"),
            (GameSaid::Fouls { red, black }, Lang::Zh) => {
                format!("犯规：红方{red}次，黑方{black}次（三次判负，第4.1.8条）")
            }
            (GameSaid::Fouls { red, black }, Lang::En) => {
                format!("Fouls: Red {red}, Black {black} (three lose, rule 4.1.8)")
            }
            (GameSaid::DrawOffered(c), Lang::Zh) => {
                format!("{}提和，{}是否同意？", c.say(lang), c.other().say(lang))
            }
            (GameSaid::DrawOffered(c), Lang::En) => format!(
                "{} offers a draw. Does {} accept?",
                c.say(lang),
                c.other().say(lang)
            ),
            (GameSaid::OfferDraw(c), Lang::Zh) => format!("{}走完后提和", c.say(lang)),
            (GameSaid::OfferDraw(c), Lang::En) => format!("{}: offer draw", c.say(lang)),
        }
    }
}

/// The destructive answer to [`Confirm::Cut`]: what it deletes, counted.
pub struct DeleteLater(pub usize);

impl Say for DeleteLater {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (DeleteLater(n), Lang::Zh) => format!("删去此后 {n} 着"),
            (DeleteLater(n), Lang::En) if *n == 1 => "Delete the move after this".into(),
            (DeleteLater(n), Lang::En) => format!("Delete the {n} moves after this"),
        }
    }
}

/// What the last deletion removed, with its undo beside it.
pub struct Deleted(pub usize);

impl Say for Deleted {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (Deleted(n), Lang::Zh) => format!("已删去 {n} 着"),
            (Deleted(1), Lang::En) => "1 move deleted".into(),
            (Deleted(n), Lang::En) => format!("{n} moves deleted"),
        }
    }
}

impl Say for RecordedEnd {
    fn say(&self, lang: Lang) -> String {
        let how =
            self.termination
                .as_deref()
                .map(|t| match (t.to_ascii_lowercase().as_str(), lang) {
                    ("normal", Lang::Zh) => "正常结束".to_string(),
                    ("resign" | "resignation" | "resigned", Lang::Zh) => "认输".into(),
                    ("time forfeit" | "timeout" | "time", Lang::Zh) => "超时".into(),
                    ("abandoned", Lang::Zh) => "弃局".into(),
                    ("adjudication", Lang::Zh) => "裁判判定".into(),
                    ("rules infraction", Lang::Zh) => "违例".into(),
                    ("agreement" | "draw agreed", Lang::Zh) => "双方议和".into(),
                    _ => t.to_string(),
                });
        match lang {
            Lang::Zh => {
                let r = self.result.chinese();
                match how {
                    Some(h) => format!("终局（据棋谱）：{r}（{h}）"),
                    None => format!("终局（据棋谱）：{r}"),
                }
            }
            Lang::En => {
                let r = match self.result {
                    PgnResult::RedWins => "Red won",
                    PgnResult::BlackWins => "Black won",
                    _ => "drawn",
                };
                match how {
                    Some(h) => format!("Game over, as the file records: {r} ({h})"),
                    None => format!("Game over, as the file records: {r}"),
                }
            }
        }
    }
}

/// An opened library's heading, with how many games it holds.
pub struct Library(pub usize);

impl Say for Library {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (Library(n), Lang::Zh) => format!("棋谱库 ({n})"),
            (Library(n), Lang::En) => format!("Library ({n})"),
        }
    }
}

/// A large game file being read in the background: games and kilobytes read.
pub struct FileRead(pub crate::xiangqi::file_job::Progress);

impl Say for FileRead {
    fn say(&self, lang: Lang) -> String {
        let p = self.0;
        let (read, of) = (p.read / 1024, p.of / 1024);
        match lang {
            Lang::Zh => format!("正在读取棋谱文件：已读 {} 局（{read} / {of} KB）", p.games),
            Lang::En => format!(
                "Reading the game file: {} games read ({read} of {of} KB)",
                p.games
            ),
        }
    }
}

/// Under a library's list when more games match than it shows: (shown, matching).
pub struct LibraryShown(pub usize, pub usize);

impl Say for LibraryShown {
    fn say(&self, lang: Lang) -> String {
        match (self, lang) {
            (LibraryShown(n, of), Lang::Zh) => {
                format!("显示前 {n} 局，共 {of} 局相符；搜索可缩小范围")
            }
            (LibraryShown(n, of), Lang::En) => {
                format!("The first {n} of {of} matching games; search to narrow the list")
            }
        }
    }
}

impl Say for EngineNote {
    fn say(&self, lang: Lang) -> String {
        match self {
            EngineNote::Fixed(text) => text.get(lang).into(),
            EngineNote::Refused(e) => e.say(lang),
        }
    }
}
